import ActionSupport
import DesktopBus
import Foundation
import ShortcutsContent
import ShortcutsEngine

#if canImport(Glibc)
    import Glibc
#endif

/// The Voice Memos app's own actions (`com.apple.VoiceMemos.*`, macOS 26's keys), on a folder of
/// recordings, `$SHORTCUTS_HOME/Voice Memos` (folders inside it are Voice Memos' folders).
///
/// Create Recording starts the sound server's recorder (pw-record, parecord or arecord) on its
/// own, so the recording goes on after the run, until Stop Recording: what is recording is kept
/// in `$XDG_RUNTIME_DIR/shortcuts/voice-memo.json`.
enum VoiceMemosAppActions {
    static var all: [ActionDefinition] {
        [record, stop, createFolder, deleteFolders, deleteRecordings, openFolder, play, findRecordings, search, select].inApp("Voice Memos")
    }

    static let recordingType = "Recording"
    static let folderType = "Voice Memos Folder"

    static func root(run: RunContext) -> String { ShortcutsHome.path(in: run.environment.variables) + "/Voice Memos" }

    // MARK: Recordings as content

    /// The recordings (`.wav` files) at the top of the folder and in its folders.
    static func recordingPaths(run: RunContext) -> [String] {
        let root = root(run: run)
        var found: [String] = []
        for folder in [""] + folders(run: run).map({ "/" + $0 }) {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: root + folder)) ?? []).filter { $0.hasSuffix(".wav") }
            found += names.sorted().map { root + folder + "/" + $0 }
        }
        return found
    }

    static func folders(run: RunContext) -> [String] {
        let root = root(run: run)
        return ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { name in
            var isFolder: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted()
    }

    /// A WAV file's length in seconds, from its `fmt ` and `data` chunks.
    static func duration(of path: String) -> Double? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 4096), head.count > 12, head.prefix(4) == Data("RIFF".utf8) else { return nil }
        var offset = 12
        var byteRate: UInt32?
        func number(_ at: Int, _ count: Int) -> UInt32 {
            (0..<count).reduce(0) { $0 | UInt32(head[head.startIndex + at + $1]) << (8 * UInt32($1)) }
        }
        while offset + 8 <= head.count {
            let id = String(decoding: head[(head.startIndex + offset)..<(head.startIndex + offset + 4)], as: UTF8.self)
            let size = Int(number(offset + 4, 4))
            if id == "fmt ", offset + 20 <= head.count { byteRate = number(offset + 16, 4) }
            if id == "data", let byteRate, byteRate > 0 {
                // A recording still going (or cut off) has no size yet: the file says how much there is.
                let available = (LocalFiles.size(at: path) ?? 0) - offset - 8
                let bytes = size == 0 || size > available ? available : size
                return Double(max(0, bytes)) / Double(byteRate)
            }
            offset += 8 + size + size % 2
        }
        return nil
    }

    static func recording(_ path: String, run: RunContext) -> Content {
        let url = URL(fileURLWithPath: path)
        let name = url.deletingPathExtension().lastPathComponent
        let folder = url.deletingLastPathComponent().path == root(run: run) ? "" : url.deletingLastPathComponent().lastPathComponent
        var properties: ContentDictionary = ["Name": .text(name), "Folder": .text(folder), "File Path": .text(path)]
        if let made = (try? FileManager.default.attributesOfItem(atPath: path))?[.creationDate] as? Date
            ?? (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        {
            properties["Creation Date"] = .date(made)
        }
        if let seconds = duration(of: path) { properties["Duration"] = .number((seconds * 100).rounded() / 100) }
        let relative = String(path.dropFirst(root(run: run).count + 1))
        return .entity(EntityContent(typeName: recordingType, identifier: relative, displayTitle: name, properties: properties))
    }

    /// The recordings a parameter names: recordings from earlier actions, or names.
    static func recordings(_ given: Content, parameter: String, run: RunContext) throws -> [String] {
        let root = root(run: run)
        let paths = try given.items.map { item -> String in
            if case .entity(let entity) = item, entity.typeName == recordingType, !entity.identifier.contains("..") {
                let path = root + "/" + entity.identifier
                guard FileManager.default.fileExists(atPath: path) else {
                    throw ActionFailure("the recording “\(entity.displayTitle)” is no longer there", parameter: parameter)
                }
                return path
            }
            let name = item.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard
                let path = recordingPaths(run: run).first(where: {
                    URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent.caseInsensitiveCompare(name) == .orderedSame
                })
            else { throw ActionFailure("there is no recording named “\(name.prefix(60))”", parameter: parameter) }
            return path
        }
        guard !paths.isEmpty else { throw ActionFailure("no recording was given", parameter: parameter) }
        return paths
    }

    static func folder(_ given: Content, parameter: String, run: RunContext) throws -> String {
        let name: String
        if case .entity(let entity) = given, entity.typeName == folderType { name = entity.identifier } else { name = given.text }
        let wanted = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let found = folders(run: run).first(where: { $0.caseInsensitiveCompare(wanted) == .orderedSame }) else {
            throw ActionFailure("there is no Voice Memos folder named “\(wanted.prefix(60))”", parameter: parameter)
        }
        return found
    }

    // MARK: Recording

    /// What is recording: the recorder's process and its file.
    struct Session: Codable {
        var pid: Int32
        var path: String
        /// When the recorder started (`/proc/<pid>/stat`'s start time), so a process that took its
        /// number after it ended is never signalled.
        var started: String?

        /// A process's start time, in clock ticks since boot, from `/proc/<pid>/stat`.
        static func startTime(of pid: Int32) -> String? {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = text.lastIndex(of: ")") else {
                return nil
            }
            let fields = text[text.index(after: close)...].split(separator: " ")
            return fields.count > 19 ? String(fields[19]) : nil
        }

        static func path(run: RunContext) -> String {
            let runtime = run.environment.variables["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            return (runtime ?? UserFolders.cacheHome(in: run.environment.variables)) + "/shortcuts/voice-memo.json"
        }

        static func load(run: RunContext) -> Session? {
            guard let data = FileManager.default.contents(atPath: path(run: run)),
                let session = try? JSONDecoder().decode(Session.self, from: data), kill(session.pid, 0) == 0,
                session.started != nil, startTime(of: session.pid) == session.started
            else { return nil }
            return session
        }
    }

    static let record = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.VoiceMemos.RecordVoiceMemoIntent", title: "Create Recording",
            description:
                "Starts recording the default microphone into a new recording ($SHORTCUTS_HOME/Voice Memos/<name>.wav), which goes on after the run until Stop Recording.",
            parameters: [ParameterMetadata(key: "name", title: "Name", type: .text)], isReadOnly: false,
            keywords: ["record", "voice memo", "microphone"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            guard Session.load(run: run) == nil else { throw ActionFailure("a recording is already going; Stop Recording ends it") }
            guard let recorder = run.tool(["pw-record", "parecord", "arecord"]) else {
                throw ActionFailure(
                    "no recorder found: install pipewire-bin (pw-record), pulseaudio-utils (parecord) or alsa-utils (arecord)")
            }
            let given = (try run.text(parameters["name"]) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                .replacingOccurrences(of: "/", with: "-")
            let root = root(run: run)
            try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            let base = given.isEmpty ? "New Recording" : given
            let path = root + "/" + StoreFiles.freeName(base + ".wav", in: root)
            let arguments: [String] =
                switch recorder.name {
                case "pw-record": ["--rate", "48000", "--channels", "1", "--format", "s16", path]
                case "parecord": ["--rate=48000", "--channels=1", "--format=s16le", "--file-format=wav", path]
                default: ["-q", "-f", "S16_LE", "-r", "48000", "-c", "1", "-t", "wav", path]
                }
            let pid = try DesktopAppActions.start(recorder.path, arguments, named: recorder.name, run: run)
            let state = Session.path(run: run)
            try? FileManager.default.createDirectory(
                atPath: (state as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try StoreFiles.write(try JSONEncoder().encode(Session(pid: pid, path: path, started: Session.startTime(of: pid))), to: state)
            return input
        }
    }

    static let stop = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.VoiceMemos.StopRecording", title: "Stop Recording",
            description: "Ends the recording Create Recording started (its recorder finishes the file); the output is the recording.",
            outputType: recordingType, outputName: "Recording", isReadOnly: false, keywords: ["record", "voice memo", "end"])
    ) { _ in
        { _, run in
            guard let session = Session.load(run: run) else { throw ActionFailure("nothing is recording (Create Recording starts it)") }
            kill(session.pid, SIGINT)
            let deadline = Date().addingTimeInterval(5)
            while kill(session.pid, 0) == 0, Date() < deadline { usleep(10_000) }
            if kill(session.pid, 0) == 0 { kill(session.pid, SIGKILL) }
            try? FileManager.default.removeItem(atPath: Session.path(run: run))
            return recording(session.path, run: run)
        }
    }

    // MARK: Folders and recordings

    static let createFolder = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.VoiceMemos.CreateFolder", title: "Create Folder",
            description: "Makes a Voice Memos folder; a name a folder has is refused.",
            parameters: [
                ParameterMetadata(key: "name", title: "Folder Name", type: .text, isRequired: true),
                ParameterMetadata(key: "ShowWhenRun", title: "Show When Run", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "name", outputType: folderType, outputName: "Folder", isReadOnly: false, keywords: ["voice memos", "folder"])
    ) { parameters in
        { input, run in
            let name = (try run.text(parameters["name"]) ?? input.text).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
                throw ActionFailure("“\(name.prefix(40))” can't be a folder name", parameter: "name")
            }
            guard !folders(run: run).contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else {
                throw ActionFailure("there is already a Voice Memos folder named “\(name)”", parameter: "name")
            }
            do {
                try FileManager.default.createDirectory(atPath: root(run: run) + "/" + name, withIntermediateDirectories: true)
            } catch {
                throw ActionFailure("can't make the folder: \(error.localizedDescription)", parameter: "name")
            }
            return .entity(EntityContent(typeName: folderType, identifier: name, displayTitle: name, properties: ["Name": .text(name)]))
        }
    }

    /// Moves a recording or folder to `.Recently Deleted`, under a name none there has.
    static func putAway(_ path: String, parameter: String, run: RunContext) throws {
        try StoreFiles.moveAside(path, into: root(run: run) + "/.Recently Deleted", parameter: parameter)
    }

    static let deleteFolders = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.VoiceMemos.DeleteFolder", title: "Delete Folders",
            description: "Deletes Voice Memos folders with their recordings; they go to the folder's .Recently Deleted.",
            parameters: [ParameterMetadata(key: "entities", title: "Folders", type: .content, isRequired: true, isList: true)],
            inputParameter: "entities", isReadOnly: false, keywords: ["voice memos", "remove"])
    ) { parameters in
        { input, run in
            let given = parameters["entities"].isAbsent ? input : try run.content(parameters["entities"])
            let names = try given.items.map { try folder($0, parameter: "entities", run: run) }
            guard !names.isEmpty else { throw ActionFailure("no folder was given", parameter: "entities") }
            for name in Set(names).sorted() { try putAway(root(run: run) + "/" + name, parameter: "entities", run: run) }
            return .nothing
        }
    }

    static let deleteRecordings = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.VoiceMemos.DeleteRecording", title: "Delete Recordings",
            description: "Deletes recordings; they go to the folder's .Recently Deleted.",
            parameters: [ParameterMetadata(key: "entities", title: "Recordings", type: .content, isRequired: true, isList: true)],
            inputParameter: "entities", isReadOnly: false, keywords: ["voice memos", "remove"])
    ) { parameters in
        { input, run in
            let given = parameters["entities"].isAbsent ? input : try run.content(parameters["entities"])
            for path in Set(try recordings(given, parameter: "entities", run: run)).sorted() {
                try putAway(path, parameter: "entities", run: run)
            }
            return .nothing
        }
    }

    static let openFolder = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.VoiceMemos.OpenFolder", title: "Open Folder",
            description: "Opens a Voice Memos folder with the desktop's file manager.",
            parameters: [ParameterMetadata(key: "target", title: "Folder", type: .content, isRequired: true)],
            inputParameter: "target", isReadOnly: false, keywords: ["voice memos", "show"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let name = try folder(
                parameters["target"].isAbsent ? input : try run.content(parameters["target"]), parameter: "target", run: run)
            try run.environment.openURL(URL(fileURLWithPath: root(run: run) + "/" + name, isDirectory: true))
            return input
        }
    }

    static let play = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.VoiceMemos.PlaybackVoiceMemoIntent", title: "Play Recording",
            description: "Plays a recording, or the most recent one, with the desktop's player.",
            parameters: [
                ParameterMetadata(
                    key: "playbackType", title: "Playback Type", type: .enumeration, options: ["mostRecent", "specific"],
                    defaultValue: "mostRecent"),
                ParameterMetadata(key: "entity", title: "Recording", type: .content),
            ],
            isReadOnly: false, keywords: ["voice memos", "listen"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let given = try run.content(parameters["entity"])
            let specific = (try run.text(parameters["playbackType"]) ?? "").lowercased() == "specific" || !given.isNothing
            let path: String
            if specific {
                guard let first = try recordings(given, parameter: "entity", run: run).first else {
                    throw ActionFailure("no recording was given", parameter: "entity")
                }
                path = first
            } else {
                let dated = recordingPaths(run: run).map {
                    ($0, (try? FileManager.default.attributesOfItem(atPath: $0))?[.modificationDate] as? Date ?? .distantPast)
                }
                guard let newest = dated.max(by: { $0.1 < $1.1 }) else { throw ActionFailure("there are no recordings yet") }
                path = newest.0
            }
            try run.environment.openURL(URL(fileURLWithPath: path))
            return input
        }
    }

    static let recordingProperties = FileFilter.Properties(
        kind: "recordings", names: ["Name", "Folder", "Creation Date", "Duration"],
        aliases: ["name": "Name", "creationDate": "Creation Date", "duration": "Duration"], value: { name, item in item.property(name) })

    static let findRecordings = FileFilter.filter(
        metadata: ActionMetadata(
            identifier: "com.apple.VoiceMemos.RCRecordingEntity", title: "Find Recordings",
            description: "Finds the recordings that match the conditions on their name, folder, date or length, sorted and limited.",
            parameters: FileFilter.parameters(input: nil, sortBy: ["Name", "Creation Date", "Duration", "Random"]),
            outputType: recordingType, outputName: "Recordings", keywords: ["voice memos", "list"]),
        properties: recordingProperties,
        source: { run in .list(recordingPaths(run: run).map { recording($0, run: run) }) })

    static let search = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.VoiceMemos.SearchRecordings", title: "Search in Voice Memos",
            description: "Finds the recordings whose names contain the text (Apple's shows them in the app; here they are the output).",
            parameters: [ParameterMetadata(key: "searchPhrase", title: "Text", type: .text, isRequired: true)],
            inputParameter: "searchPhrase", outputType: recordingType, outputName: "Recordings", keywords: ["voice memos", "find"])
    ) { parameters in
        { input, run in
            let phrase = (try run.text(parameters["searchPhrase"]) ?? input.text).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !phrase.isEmpty else { throw ActionFailure("there is nothing to search for", parameter: "searchPhrase") }
            return .list(
                recordingPaths(run: run).filter {
                    URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent.localizedCaseInsensitiveContains(phrase)
                }.map { recording($0, run: run) })
        }
    }

    static let select = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.VoiceMemos.SelectRecording", title: "Select Recording",
            description: "Shows the recording selected in the desktop's file manager (org.freedesktop.FileManager1).",
            parameters: [ParameterMetadata(key: "target", title: "Recording", type: .content, isRequired: true)],
            inputParameter: "target", isReadOnly: false, keywords: ["voice memos", "show"]
        ).needing(.fileManager),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let manager = try ServiceClient(.fileManager, for: run)
            let given = parameters["target"].isAbsent ? input : try run.content(parameters["target"])
            let uris = try recordings(given, parameter: "target", run: run).map { URL(fileURLWithPath: $0).absoluteString }
            try manager.showInFileManager(uris)
            return input
        }
    }
}
