import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The local file system as the file actions see it: paths relative to the run's working
/// directory, `~` for the home directory, files and folders as ``FileContent``.
package enum LocalFiles {
    /// The type identifier a folder's content carries.
    package static let folderType = "public.folder"

    /// An absolute, standardized path: `~` expands to `HOME`, a relative path starts at the run's
    /// files folder (the Shortcuts folder, as on Apple's systems) or its working directory.
    package static func resolve(_ path: String, run: RunContext) -> String {
        var path = path.trimmingCharacters(in: .whitespacesAndNewlines)
        if path == "~" || path.hasPrefix("~/") {
            let home = run.environment.variables["HOME"] ?? NSHomeDirectory()
            path = home + path.dropFirst()
        } else if !path.hasPrefix("/") {
            path = (run.environment.filesFolder ?? run.environment.workingDirectory) + "/" + path
        }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Whether something exists at a path, and whether it is a folder.
    package static func exists(_ path: String) -> (exists: Bool, isFolder: Bool) {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        return (exists, isDirectory.boolValue)
    }

    /// The size in bytes of the file at a path, or `nil` when there is none.
    package static func size(at path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
    }

    /// Throws unless the run may use `path` this way: the shortcut's file access (its grants),
    /// and for a change, the places no shortcut may change (``ProtectedPaths``).
    package static func check(_ path: String, _ use: FileAccess.Use, doing: String? = nil, run: RunContext, parameter: String) throws {
        if use == .write { try ProtectedPaths.check(path, doing: doing ?? "write", run: run, parameter: parameter) }
        try run.environment.fileAccess.check(path, use, parameter: parameter)
    }

    /// The file or folder at a path as content, once the run may read it; a folder holds no bytes.
    ///
    /// - Throws: ``ActionFailure`` naming `parameter` when it can't be read.
    package static func item(at path: String, run: RunContext, parameter: String) throws -> FileContent {
        try check(path, .read, run: run, parameter: parameter)
        return try item(at: path, parameter: parameter)
    }

    /// The file or folder at a path as content; a folder holds no bytes. The caller has checked access.
    ///
    /// - Throws: ``ActionFailure`` naming `parameter` when it can't be read.
    package static func item(at path: String, parameter: String?) throws -> FileContent {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let (exists, isFolder) = exists(path)
        guard exists else { throw ActionFailure("there is no file at \(path)", parameter: parameter) }
        if isFolder { return FileContent(name: name, data: Data(), path: path, typeIdentifier: folderType) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ActionFailure("can't read \(path): permission denied or not a regular file", parameter: parameter)
        }
        return FileContent(name: name, data: data, path: path)
    }

    /// The path a content item names: a file's path, a URL's path, text as a path, or a file
    /// location the editor picked (``location(_:run:)``).
    package static func path(of content: Content, run: RunContext) -> String? {
        switch content {
        case .file(let file): return file.path
        case .url(let url) where url.isFileURL: return url.path
        case .text(let text) where !text.isEmpty: return resolve(text, run: run)
        case .dictionary(let dictionary): return location(dictionary, run: run)
        case .list(let items) where items.count == 1: return path(of: items[0], run: run)
        default: return nil
        }
    }

    /// The path of a file or folder the editor picked, as files store it: `{fileLocation:
    /// {WFFileLocationType, relativeSubpath}, filename}`. iCloud Drive is the Documents folder
    /// here, so its Shortcuts folder is the Shortcuts folder; On My iPhone (`LocalStorage`) is the
    /// home folder; a Mac's absolute paths stay absolute.
    package static func location(_ dictionary: ContentDictionary, run: RunContext) -> String? {
        guard let location = dictionary["fileLocation"]?.dictionary else {
            return dictionary["path"].map { resolve($0.text, run: run) }
        }
        let subpath = location["relativeSubpath"]?.text ?? ""
        let variables = run.environment.variables
        let base: String =
            switch location["WFFileLocationType"]?.text ?? "" {
            case "Shortcuts": UserFolders.shortcutsFolder(in: variables)
            case "iCloud", "Documents": UserFolders.path(of: .documents, in: variables)
            case "LocalStorage": UserFolders.homeFolder(in: variables)
            case "Absolute", "Mac", "LocalVolume": ""
            default: subpath.hasPrefix("/") ? "" : UserFolders.shortcutsFolder(in: variables)
            }
        let joined = subpath.isEmpty ? base : (base.isEmpty ? subpath : base + "/" + subpath)
        return joined.isEmpty ? nil : URL(fileURLWithPath: joined).standardizedFileURL.path
    }

    /// Writes bytes to a path through a temporary file and a rename, so readers never see half a file.
    package static func writeAtomically(_ data: Data, to path: String, run: RunContext, parameter: String) throws {
        try check(path, .write, run: run, parameter: parameter)
        try write(data, to: path, parameter: parameter)
    }

    private static func write(_ data: Data, to path: String, parameter: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ActionFailure("can't write \(path): \(describe(error))", parameter: parameter, underlying: error)
        }
    }

    /// Creates a folder and its parents; succeeding when it already exists.
    package static func createFolder(_ path: String, run: RunContext, parameter: String) throws {
        let (exists, isFolder) = exists(path)
        if exists {
            guard isFolder else { throw ActionFailure("\(path) exists and is a file, not a folder", parameter: parameter) }
            return
        }
        try check(path, .write, doing: "create the folder", run: run, parameter: parameter)
        try makeFolder(path, parameter: parameter)
    }

    private static func makeFolder(_ path: String, parameter: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw ActionFailure("can't create the folder \(path): \(describe(error))", parameter: parameter, underlying: error)
        }
    }

    /// Moves a file or folder to the freedesktop.org trash (`$XDG_DATA_HOME/Trash`), writing the
    /// `.trashinfo` record file managers use to put it back. Returns where it went.
    @discardableResult
    package static func moveToTrash(_ path: String, run: RunContext, parameter: String = "WFInput") throws -> String {
        let variables = run.environment.variables
        let dataHome =
            variables["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (variables["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        let trash = dataHome + "/Trash"
        try check(path, .write, doing: "delete", run: run, parameter: parameter)
        // The trash is the desktop's, not a place the shortcut reaches: no grant is needed.
        try makeFolder(trash + "/files", parameter: parameter)
        try makeFolder(trash + "/info", parameter: parameter)
        let name = URL(fileURLWithPath: path).lastPathComponent
        let url = URL(fileURLWithPath: name)
        let base = url.deletingPathExtension().lastPathComponent
        let ext = url.pathExtension
        var trashName = name
        var counter = 2
        while exists(trash + "/files/" + trashName).exists || exists(trash + "/info/" + trashName + ".trashinfo").exists {
            trashName = "\(base) \(counter)" + (ext.isEmpty ? "" : "." + ext)
            counter += 1
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        formatter.timeZone = run.environment.timeZone  // the spec asks for local time
        let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        let info = "[Trash Info]\nPath=\(escaped)\nDeletionDate=\(formatter.string(from: run.environment.now()))\n"
        try write(Data(info.utf8), to: trash + "/info/" + trashName + ".trashinfo", parameter: parameter)
        do {
            try FileManager.default.moveItem(atPath: path, toPath: trash + "/files/" + trashName)
        } catch {
            try? FileManager.default.removeItem(atPath: trash + "/info/" + trashName + ".trashinfo")
            throw ActionFailure("can't move \(path) to the trash: \(describe(error))", parameter: parameter, underlying: error)
        }
        return trash + "/files/" + trashName
    }

    /// A short reason from a Foundation error, without the framework's boilerplate.
    package static func describe(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
