import ActionSupport
import DesktopBus
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The media playing now, through MPRIS (`org.mpris.MediaPlayer2.*` on the session bus): Play/Pause,
/// Skip Forward, Skip Back, Seek, Get Current Song and Play Music; and Set Volume through
/// PipeWire's `wpctl` or PulseAudio's `pactl`.
enum MediaControlActions {
    static let all: [ActionDefinition] = [playPause, skipForward, skipBack, seek, currentSong, playMusic, playPodcast, volume]

    static let objectPath = "/org/mpris/MediaPlayer2"
    static let player = "org.mpris.MediaPlayer2.Player"

    /// The player to control: the one playing, else one paused, else the first; by bus name.
    static func currentPlayer(_ client: ServiceClient) throws -> String {
        let names = try client.namesInFamily()
        guard !names.isEmpty else { throw ActionFailure("needs \(client.service.description), and none is running") }
        var paused: String?
        for name in names {
            let status = try? client.property(objectPath, player, "PlaybackStatus", destination: name).text
            if status == "Playing" { return name }
            if status == "Paused", paused == nil { paused = name }
        }
        return paused ?? names[0]
    }

    /// An action that sends the current player one command.
    static func control(
        _ identifier: String, _ title: String, description: String, parameters extra: [ParameterMetadata] = [], keywords: [String],
        command: @escaping @Sendable (CompiledParameters) -> @Sendable (ServiceClient, String, RunContext) throws -> Void
    ) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: identifier, title: title, description: description,
                parameters: extra + [ParameterMetadata(key: "WFMediaRoute", title: "Device", type: .text)], isReadOnly: false,
                keywords: keywords + ["mpris", "music", "media"]
            ).needing(.mediaPlayer),
            passesInputThrough: true
        ) { parameters in
            let body = command(parameters)
            return { input, run in
                let client = try ServiceClient(.mediaPlayer, for: run)
                try body(client, try currentPlayer(client), run)
                return input
            }
        }
    }

    /// `WFPlayPauseBehavior`.
    enum PlayPause: String, ParameterOption {
        case toggle = "Play/Pause", play = "Play", pause = "Pause"
    }

    static let playPause = control(
        "is.workflow.actions.pausemusic", "Play/Pause", description: "Plays or pauses the media playing now (MPRIS).",
        parameters: [.option("WFPlayPauseBehavior", title: "Play/Pause", default: PlayPause.toggle)], keywords: ["pause", "resume"]
    ) { parameters in
        let behavior = OptionParameter(parameters, "WFPlayPauseBehavior", default: PlayPause.toggle)
        return { client, name, run in
            let member =
                switch try behavior.value(in: run) {
                case .toggle: "PlayPause"
                case .play: "Play"
                case .pause: "Pause"
                }
            _ = try client.call(objectPath, player, member, destination: name)
        }
    }

    static let skipForward = control(
        "is.workflow.actions.skipforward", "Skip Forward", description: "Skips to the next track (MPRIS Next).", keywords: ["next"]
    ) { _ in
        { client, name, _ in _ = try client.call(objectPath, player, "Next", destination: name) }
    }

    /// `WFSkipBackBehavior`.
    enum SkipBack: String, ParameterOption {
        case beginning = "Beginning", previous = "Previous Song"
    }

    static let skipBack = control(
        "is.workflow.actions.skipback", "Skip Back",
        description: "Goes back to the start of the track, or to the previous one (MPRIS).",
        parameters: [.option("WFSkipBackBehavior", title: "Skip To", default: SkipBack.beginning)], keywords: ["previous", "rewind"]
    ) { parameters in
        let behavior = OptionParameter(parameters, "WFSkipBackBehavior", default: SkipBack.beginning)
        return { client, name, run in
            switch try behavior.value(in: run) {
            case .previous: _ = try client.call(objectPath, player, "Previous", destination: name)
            case .beginning: try setPosition(0, client: client, name: name)
            }
        }
    }

    /// Moves the player to `microseconds` into the track (`SetPosition` needs the track's id).
    static func setPosition(_ microseconds: Int64, client: ServiceClient, name: String) throws {
        let metadata = try client.property(objectPath, player, "Metadata", destination: name)
        guard let track = metadata["mpris:trackid"]?.text else {
            throw ActionFailure("\(name.dropFirst(RequiredService.mediaPlayer.busName.count)) is playing no track")
        }
        _ = try client.call(objectPath, player, "SetPosition", [.objectPath(track), .int64(microseconds)], destination: name)
    }

    /// `WFSeekBehavior`.
    enum SeekBehavior: String, ParameterOption {
        case toTime = "To Time", forward = "Forward", backward = "Backward"
    }

    static let seek = control(
        "is.workflow.actions.seek", "Seek",
        description: "Moves to a time in the media playing now, or forward or back by a duration (MPRIS).",
        parameters: [
            .option("WFSeekBehavior", title: "Seek Type", default: SeekBehavior.toTime),
            ParameterMetadata(key: "WFTimeInterval", title: "Time Interval", description: "A duration, e.g. 30 sec or 2 min.", type: .text),
        ],
        keywords: ["position", "jump"]
    ) { parameters in
        let behavior = OptionParameter(parameters, "WFSeekBehavior", default: SeekBehavior.toTime)
        let interval = parameters["WFTimeInterval"]
        return { client, name, run in
            let (amount, unit) = try DateParameters.duration(interval, run: run, parameter: "WFTimeInterval")
            // A year each way at most: a player's position is microseconds in 64 bits.
            let seconds = amount * DurationUnit.seconds(named: unit)
            guard seconds.isFinite, abs(seconds) <= 366 * 86_400 else {
                throw ActionFailure(
                    "expected a duration of at most a year in seconds, minutes or hours, got \(NumberText.format(amount)) \(unit)",
                    parameter: "WFTimeInterval")
            }
            let microseconds = Int64((seconds * 1_000_000).rounded())
            switch try behavior.value(in: run) {
            case .toTime: try setPosition(microseconds, client: client, name: name)
            case .forward: _ = try client.call(objectPath, player, "Seek", [.int64(microseconds)], destination: name)
            case .backward: _ = try client.call(objectPath, player, "Seek", [.int64(-microseconds)], destination: name)
            }
        }
    }

    static let currentSong = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getcurrentsong", title: "Get Current Song",
            description: "Gets the track playing now, with its title, artist, album and duration, from the media player (MPRIS).",
            outputType: "Music", outputName: "Current Song", keywords: ["now playing", "track", "mpris"]
        ).needing(.mediaPlayer)
    ) { _ in
        { _, run in
            let client = try ServiceClient(.mediaPlayer, for: run)
            let name = try currentPlayer(client)
            let metadata = try client.property(objectPath, player, "Metadata", destination: name)
            guard let title = metadata["xesam:title"]?.text ?? metadata["xesam:url"]?.text else { return .nothing }
            var properties: ContentDictionary = ["Title": .text(title), "Name": .text(title)]
            if let artists = metadata["xesam:artist"]?.textElements, !artists.isEmpty {
                properties["Artist"] = .text(artists.joined(separator: ", "))
            }
            if let artists = metadata["xesam:albumArtist"]?.textElements, !artists.isEmpty {
                properties["Album Artist"] = .text(artists.joined(separator: ", "))
            }
            if let album = metadata["xesam:album"]?.text { properties["Album"] = .text(album) }
            if let genres = metadata["xesam:genre"]?.textElements, !genres.isEmpty {
                properties["Genre"] = .text(genres.joined(separator: ", "))
            }
            if let track = metadata["xesam:trackNumber"]?.integer { properties["Track Number"] = .number(Double(track)) }
            if let length = metadata["mpris:length"]?.number { properties["Duration"] = .number(length / 1_000_000) }
            if let url = metadata["xesam:url"]?.text { properties["URL"] = .text(url) }
            let identifier = metadata["mpris:trackid"]?.text ?? title
            return .entity(EntityContent(typeName: "Song", identifier: identifier, displayTitle: title, properties: properties))
        }
    }

    /// `WFPlayMusicActionShuffle`, `WFPlayMusicActionRepeat`.
    enum Shuffle: String, ParameterOption { case off = "Off", songs = "Songs" }
    enum Repeat: String, ParameterOption { case none = "None", one = "One", all = "All" }

    static let playMusic = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.playmusic", title: "Play Music",
            description:
                "Plays the given song files or URLs in the media player (MPRIS OpenUri), or resumes it; sets shuffle and repeat when asked.",
            parameters: [
                ParameterMetadata(key: "WFMediaItems", title: "Music", type: .file, isList: true),
                .option("WFPlayMusicActionShuffle", title: "Shuffle", default: Shuffle.off),
                .option("WFPlayMusicActionRepeat", title: "Repeat", default: Repeat.none),
            ],
            inputParameter: "WFMediaItems", isReadOnly: false, keywords: ["play", "song", "mpris"]
        ).needing(.mediaPlayer),
        passesInputThrough: true
    ) { parameters in
        let shuffle =
            parameters["WFPlayMusicActionShuffle"].isAbsent
            ? nil : OptionParameter(parameters, "WFPlayMusicActionShuffle", default: Shuffle.off)
        let repeatMode =
            parameters["WFPlayMusicActionRepeat"].isAbsent
            ? nil : OptionParameter(parameters, "WFPlayMusicActionRepeat", default: Repeat.none)
        return { input, run in
            let client = try ServiceClient(.mediaPlayer, for: run)
            let name = try currentPlayer(client)
            if let shuffle {
                try client.setProperty(objectPath, player, "Shuffle", to: .bool(try shuffle.value(in: run) == .songs), destination: name)
            }
            if let repeatMode {
                let loop =
                    switch try repeatMode.value(in: run) {
                    case .none: "None"
                    case .one: "Track"
                    case .all: "Playlist"
                    }
                try client.setProperty(objectPath, player, "LoopStatus", to: .string(loop), destination: name)
            }
            let uris = try input.items.compactMap { item -> String? in
                switch item {
                case .file(let file):
                    guard let path = file.path else { throw ActionFailure("\(file.name) is not a file on disk", parameter: "WFMediaItems") }
                    try LocalFiles.check(path, .read, run: run, parameter: "WFMediaItems")
                    return URL(fileURLWithPath: path).absoluteString
                case .url(let url): return url.absoluteString
                case .entity(let entity):
                    if let url = entity.properties["URL"]?.text { return url }
                    return entity.properties["File Path"].map { URL(fileURLWithPath: $0.text).absoluteString }
                default: return nil
                }
            }
            if let first = uris.first {
                _ = try client.call(objectPath, player, "OpenUri", [.string(first)], destination: name)
            } else {
                _ = try client.call(objectPath, player, "Play", destination: name)
            }
            return input
        }
    }

    static let playPodcast = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.playpodcast", title: "Play Podcast",
            description:
                "Plays a podcast's newest (or oldest) episode in the media player (its feed read, the episode's audio opened through MPRIS), or resumes playing.",
            parameters: [
                ParameterMetadata(key: "WFPodcastShow", title: "Podcast", type: .content),
                ParameterMetadata(
                    key: "WFPodcastPlaybackOrder", title: "Playback Order", type: .enumeration, options: ["Newest First", "Oldest First"],
                    defaultValue: "Newest First"),
            ],
            isReadOnly: false, keywords: ["podcast", "episode", "listen", "mpris"]
        ).needing(.mediaPlayer),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let client = try ServiceClient(.mediaPlayer, for: run)
            let name = try currentPlayer(client)
            let show = try run.content(parameters["WFPodcastShow"])
            guard !show.isNothing else {
                _ = try client.call(objectPath, player, "Play", destination: name)
                return input
            }
            var feedURL: URL?
            if case .entity(let entity) = show.items.first ?? .nothing { feedURL = entity.properties["Feed URL"]?.url }
            guard let feed = feedURL ?? show.url else {
                throw ActionFailure(
                    "expected a podcast (from Search Podcasts or Get Podcasts from Library) or its feed's URL", parameter: "WFPodcastShow")
            }
            // Read as a file: a URL made text would be its address, not what is there.
            guard case .file(let downloaded) = try run.convert(.url(feed), to: .file, parameter: "WFPodcastShow") else {
                throw ActionFailure("can't read the podcast's feed at \(feed.absoluteString)", parameter: "WFPodcastShow")
            }
            let text = String(decoding: downloaded.data, as: UTF8.self)
            let episodes = FeedReader.read(text).items.filter { $0.enclosure != nil }
            let oldest = (try run.text(parameters["WFPodcastPlaybackOrder"]))?.lowercased() == "oldest first"
            let dated = episodes.sorted { ($0.published ?? .distantPast) > ($1.published ?? .distantPast) }
            guard let episode = oldest ? dated.last : dated.first, let audio = episode.enclosure else {
                throw ActionFailure("the podcast's feed has no episode to play", parameter: "WFPodcastShow")
            }
            _ = try client.call(objectPath, player, "OpenUri", [.string(audio)], destination: name)
            return input
        }
    }

    // MARK: Volume

    static let volume = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.setvolume", title: "Set Volume",
            description: "Sets the default output's volume, 0 to 1, with PipeWire's wpctl or PulseAudio's pactl, whichever is installed.",
            parameters: [
                ParameterMetadata(
                    key: "WFVolume", title: "Volume", description: "0 to 1; 0.5 is half volume.", type: .number, defaultValue: "0.5",
                    minimum: 0, maximum: 1)
            ],
            isReadOnly: false, keywords: ["sound", "audio", "loud", "mute"]),
        passesInputThrough: true
    ) { parameters in
        let level = parameters["WFVolume"]
        return { input, run in
            let value = try run.boundedNumber(level, parameter: "WFVolume", in: 0...1, default: 0.5) ?? 0.5
            let percent = Int((value * 100).rounded())
            let path = run.environment.variables["PATH"]
            let (program, arguments): (String, [String])
            if let wpctl = run.findProgram("wpctl", path: path) {
                (program, arguments) = (wpctl, ["set-volume", "@DEFAULT_AUDIO_SINK@", "\(percent)%"])
            } else if let pactl = run.findProgram("pactl", path: path) {
                (program, arguments) = (pactl, ["set-sink-volume", "@DEFAULT_SINK@", "\(percent)%"])
            } else {
                throw ActionFailure("no sound server tool found: install wireplumber (wpctl) or pulseaudio-utils (pactl)")
            }
            let outcome = try run.runProgram(program, arguments: arguments, environment: run.environment.variables, timeout: 10)
            guard outcome.status == 0 else {
                let name = URL(fileURLWithPath: program).lastPathComponent
                throw ActionFailure("\(name) could not set the volume (status \(outcome.status)): \(outcome.errorText.prefix(300))")
            }
            return input
        }
    }
}
