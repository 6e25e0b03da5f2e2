import ActionSupport
import DesktopBus
import Foundation
import ShortcutsContent
import ShortcutsEngine
import ShortcutsRPC

/// Sound through the sound server's own tools (PipeWire's, else PulseAudio's, else ALSA's):
/// Play Sound, Record Audio, Change Playback Destination; and Connect to Servers through GVfs
/// (`gio mount`), Add to Playing Next and Clear Playing Next through MPRIS's track list.
enum SoundActions {
    static let all: [ActionDefinition] = [playSound, recordAudio, playbackDestination, connectToServers, addToUpNext, clearUpNext]

    /// Runs a tool to its end; a failure names it and what it printed.
    static func runTool(_ path: String, _ arguments: [String], doing what: String, timeout: TimeInterval, run: RunContext) throws {
        let outcome = try run.runProgram(
            path, arguments: arguments, environment: run.environment.variables, timeout: timeout)
        try outcome.throwIfCancelled()
        guard outcome.status == 0 else {
            throw ActionFailure(
                "\(URL(fileURLWithPath: path).lastPathComponent) could not \(what) (status \(outcome.status)): \(outcome.errorText.prefix(300))"
            )
        }
    }

    /// The freedesktop sound theme's default notification sound, when it is installed.
    static let defaultSound = "/usr/share/sounds/freedesktop/stereo/complete.oga"

    static let playSound = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.playsound", title: "Play Sound",
            description:
                "Plays the sound file (with pw-play, paplay or aplay, whichever is installed), or the desktop's default sound when none is given.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Sound File", type: .file)],
            inputParameter: "WFInput", isReadOnly: false, keywords: ["audio", "beep", "chime"]),
        passesInputThrough: true
    ) { _ in
        { input, run in
            guard let player = run.tool(["pw-play", "paplay", "aplay"]) else {
                throw ActionFailure(
                    "no sound player found: install pipewire-bin (pw-play), pulseaudio-utils (paplay) or alsa-utils (aplay)")
            }
            var files: [String] = []
            for item in input.items where !item.isNothing {
                // A sound file on disk (or its path) plays as it is; one made in the run is written out first.
                if let path = LocalFiles.path(of: item, run: run), LocalFiles.exists(path) == (true, false) {
                    try LocalFiles.check(path, .read, run: run, parameter: "WFInput")
                    files.append(path)
                } else if case .file = item {
                    files.append(try PortalActions.sharedFile(item, parameter: "WFInput", run: run))
                } else {
                    throw ActionFailure("expected a sound file, got \(item.quotedForError)", parameter: "WFInput")
                }
            }
            if files.isEmpty {
                guard FileManager.default.fileExists(atPath: defaultSound) else {
                    throw ActionFailure(
                        "no sound file is given, and the default sound isn't installed (install sound-theme-freedesktop)",
                        parameter: "WFInput")
                }
                files = [defaultSound]
            }
            for file in files { try runTool(player.path, [file], doing: "play \(file)", timeout: 3600, run: run) }
            return input
        }
    }

    /// `WFRecordingEnd`.
    enum RecordingEnd: String, ParameterOption {
        case onTap = "On Tap", afterTime = "After Time"
    }

    /// The longest recording.
    static let longestRecording: Double = 4 * 3600

    static let recordAudio = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.recordaudio", title: "Record Audio",
            description:
                "Records from the default microphone into a WAV file (pw-record, parecord or arecord), for a duration or until the person says stop.",
            parameters: [
                ParameterMetadata(
                    key: "WFRecordingCompression", title: "Audio Quality", type: .enumeration, options: ["Normal", "Very High"],
                    defaultValue: "Normal"),
                ParameterMetadata(
                    key: "WFRecordingStart", title: "Start Recording", type: .enumeration, options: ["On Tap", "Immediately"],
                    defaultValue: "On Tap"),
                .option("WFRecordingEnd", title: "Finish Recording", default: RecordingEnd.onTap),
                ParameterMetadata(key: "WFRecordingTimeInterval", title: "Duration", type: .text),
            ],
            outputType: "File", outputName: "Recorded Audio", isReadOnly: true, keywords: ["microphone", "voice memo", "record"])
    ) { parameters in
        let end = OptionParameter(parameters, "WFRecordingEnd", default: RecordingEnd.onTap)
        return { _, run in
            let high = (try run.text(parameters["WFRecordingCompression"]))?.lowercased() == "very high"
            let seconds: Double
            switch try end.value(in: run) {
            case .afterTime:
                let (amount, unit) = try DateParameters.duration(
                    parameters["WFRecordingTimeInterval"], run: run, parameter: "WFRecordingTimeInterval")
                let value = amount * DurationUnit.seconds(named: unit)
                guard value > 0, value <= longestRecording else {
                    throw ActionFailure("expected a duration of more than 0 and at most 4 hours", parameter: "WFRecordingTimeInterval")
                }
                seconds = value
            case .onTap:
                seconds = longestRecording
            }
            // The recorder runs until its time is up, the person says stop, or the run is stopped.
            let recording = try AudioRecording(rate: high ? 48_000 : 16_000, run: run)
            let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
            if try end.value(in: run) == .onTap {
                _ = try? run.environment.prompter.confirm(title: "Recording", message: "Choose OK to stop recording.", allowsCancel: false)
            } else {
                while ContinuousClock.now < deadline, !run.cancellation.isCancelled, recording.isRunning {
                    usleep(20_000)
                }
            }
            recording.stop()
            let path = recording.path
            if run.cancellation.isCancelled { throw ActionFailure("the run was stopped", code: .cancelled) }
            guard let size = LocalFiles.size(at: path), size > 44 else {
                throw ActionFailure("\(recording.recorder) recorded nothing: is there a microphone, and a sound server running?")
            }
            run.environment.fileAccess.allowPicked(path: path)
            return .file(try LocalFiles.item(at: path, run: run, parameter: "WFRecordingEnd"))
        }
    }

    static let playbackDestination = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.setplaybackdestination", title: "Change Playback Destination",
            description: "Makes the named output (a speaker, headphones, a Bluetooth device) the default one, with wpctl or pactl.",
            parameters: [
                ParameterMetadata(
                    key: "WFMediaRouteOperation", title: "Operation", type: .enumeration, options: ["Set"], defaultValue: "Set"),
                ParameterMetadata(key: "WFMediaRoute", title: "Device", type: .content, isRequired: true),
            ],
            isReadOnly: false, keywords: ["speaker", "output", "bluetooth", "headphones", "airplay"]),
        passesInputThrough: true
    ) { parameters in
        let route = parameters["WFMediaRoute"]
        return { input, run in
            let given = try run.content(route)
            let wanted = (given.dictionary?["Name"] ?? given).text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !wanted.isEmpty else { throw ActionFailure("no output device is given", parameter: "WFMediaRoute") }
            if let wpctl = run.tool(["wpctl"]) {
                let status = try run.runProgram(wpctl.path, arguments: ["status"], environment: run.environment.variables, timeout: 10)
                let sinks = outputs(fromWirePlumber: String(decoding: status.standardOutput, as: UTF8.self))
                guard let sink = sinks.first(where: { $0.name.localizedCaseInsensitiveContains(wanted) }) else {
                    throw ActionFailure(
                        "no output is named like “\(wanted)”; there are \(sinks.map(\.name).joined(separator: ", "))",
                        parameter: "WFMediaRoute")
                }
                try runTool(wpctl.path, ["set-default", sink.id], doing: "choose \(sink.name)", timeout: 10, run: run)
            } else if let pactl = run.tool(["pactl"]) {
                try runTool(pactl.path, ["set-default-sink", wanted], doing: "choose \(wanted)", timeout: 10, run: run)
            } else {
                throw ActionFailure("no sound server tool found: install wireplumber (wpctl) or pulseaudio-utils (pactl)")
            }
            return input
        }
    }

    /// The sinks `wpctl status` lists under Audio: `│  *   46. Built-in Audio Analog Stereo [vol: 0.40]`.
    static func outputs(fromWirePlumber status: String) -> [(id: String, name: String)] {
        var found: [(String, String)] = []
        var inAudio = false
        var inSinks = false
        for line in status.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: CharacterSet(charactersIn: " │├└─*\t"))
            if !line.hasPrefix(" "), !line.hasPrefix("│"), !line.hasPrefix("├"), !line.hasPrefix("└") { inAudio = trimmed == "Audio" }
            if trimmed.hasSuffix(":") { inSinks = inAudio && trimmed == "Sinks:"; continue }
            guard inSinks, let dot = trimmed.firstIndex(of: "."), let id = Int(trimmed[..<dot]) else { continue }
            let rest = trimmed[trimmed.index(after: dot)...].trimmingCharacters(in: .whitespaces)
            let name = rest.range(of: " [").map { String(rest[..<$0.lowerBound]) } ?? rest
            found.append((String(id), name))
        }
        return found
    }

    static let connectToServers = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.connecttoservers", title: "Connect to Servers",
            description:
                "Mounts file servers (smb://, sftp://, ftp://, dav://, nfs://…) with GVfs, as the file manager does; they appear under $XDG_RUNTIME_DIR/gvfs.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Server", type: .url, isRequired: true, isList: true)],
            inputParameter: "WFInput", isReadOnly: false, keywords: ["smb", "sftp", "mount", "network drive", "nas"]),
        passesInputThrough: true
    ) { _ in
        { input, run in
            guard let gio = run.tool(["gio"]) else {
                throw ActionFailure("Connect to Servers needs gio (install libglib2.0-bin and gvfs-backends)")
            }
            for item in input.items {
                guard let url = URL(string: item.text.trimmingCharacters(in: .whitespacesAndNewlines)), let scheme = url.scheme,
                    scheme != "file"
                else {
                    throw ActionFailure(
                        "expected a server address such as smb://computer.local/share, got \(item.quotedForError)", parameter: "WFInput")
                }
                // Asking for a password needs a terminal; from elsewhere, the keyring's saved one is used.
                try runTool(gio.path, ["mount", url.absoluteString], doing: "connect to \(url.absoluteString)", timeout: 120, run: run)
            }
            return input
        }
    }

    // MARK: Playing Next

    static let trackList = "org.mpris.MediaPlayer2.TrackList"

    static let addToUpNext = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.addmusictoupnext", title: "Add to Playing Next",
            description: "Queues songs (files or URLs) in the media player, next or last, through MPRIS's track list.",
            parameters: [
                ParameterMetadata(key: "WFMusic", title: "Music", type: .file, isRequired: true, isList: true),
                ParameterMetadata(
                    key: "WFWhenToPlay", title: "Play", type: .enumeration, options: ["Next", "Later"], defaultValue: "Next"),
            ],
            inputParameter: "WFMusic", isReadOnly: false, keywords: ["queue", "up next", "mpris"]
        ).needing(.mediaPlayer),
        passesInputThrough: true
    ) { parameters in
        let when = parameters["WFWhenToPlay"]
        return { input, run in
            let client = try ServiceClient(.mediaPlayer, for: run)
            let name = try MediaControlActions.currentPlayer(client)
            guard
                try client.property(MediaControlActions.objectPath, "org.mpris.MediaPlayer2", "HasTrackList", destination: name).bool
                    == true
            else {
                throw ActionFailure(
                    "the media player \(name.dropFirst(RequiredService.mediaPlayer.busName.count)) keeps no queue others can add to")
            }
            let tracks = try client.property(MediaControlActions.objectPath, trackList, "Tracks", destination: name).elements.compactMap(
                \.text)
            let current =
                (try? client.property(MediaControlActions.objectPath, MediaControlActions.player, "Metadata", destination: name))?[
                    "mpris:trackid"]?.text
            let later = (try run.text(when))?.lowercased() == "later"
            var after =
                later
                ? (tracks.last ?? "/org/mpris/MediaPlayer2/TrackList/NoTrack")
                : (current ?? tracks.first ?? "/org/mpris/MediaPlayer2/TrackList/NoTrack")
            for item in input.items {
                let uri: String
                if let path = LocalFiles.path(of: item, run: run), case .file = item {
                    try LocalFiles.check(path, .read, run: run, parameter: "WFMusic")
                    uri = URL(fileURLWithPath: path).absoluteString
                } else if let url = item.url {
                    uri = url.absoluteString
                } else {
                    throw ActionFailure("expected a song file or URL, got \(item.quotedForError)", parameter: "WFMusic")
                }
                _ = try client.call(
                    MediaControlActions.objectPath, trackList, "AddTrack", [.string(uri), .objectPath(after), .bool(false)],
                    destination: name)
                // The next one goes after this one: the new tracks keep their order.
                let now = try client.property(MediaControlActions.objectPath, trackList, "Tracks", destination: name).elements.compactMap(
                    \.text)
                if let added = now.first(where: { !tracks.contains($0) && $0 != after }) { after = added }
            }
            return input
        }
    }

    static let clearUpNext = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.clearupnext", title: "Clear Playing Next",
            description: "Removes the tracks queued after the one playing, through MPRIS's track list.",
            isReadOnly: false, keywords: ["queue", "up next", "mpris"]
        ).needing(.mediaPlayer),
        passesInputThrough: true
    ) { _ in
        { input, run in
            let client = try ServiceClient(.mediaPlayer, for: run)
            let name = try MediaControlActions.currentPlayer(client)
            guard
                try client.property(MediaControlActions.objectPath, "org.mpris.MediaPlayer2", "HasTrackList", destination: name).bool
                    == true
            else {
                throw ActionFailure("the media player \(name.dropFirst(RequiredService.mediaPlayer.busName.count)) keeps no queue")
            }
            let tracks = try client.property(MediaControlActions.objectPath, trackList, "Tracks", destination: name).elements.compactMap(
                \.text)
            let current =
                (try? client.property(MediaControlActions.objectPath, MediaControlActions.player, "Metadata", destination: name))?[
                    "mpris:trackid"]?.text
            let upcoming = current.flatMap { tracks.firstIndex(of: $0) }.map { Array(tracks[($0 + 1)...]) } ?? tracks
            for track in upcoming {
                _ = try client.call(MediaControlActions.objectPath, trackList, "RemoveTrack", [.objectPath(track)], destination: name)
            }
            return input
        }
    }
}
