import Foundation
import ShortcutsContent
import Synchronization

/// A folder a shortcut may use: what's inside it, at any depth, for reading, and for writing
/// unless ``readOnly``. A grant of a file's path covers that file.
public struct FolderGrant: Hashable, Sendable {
    /// An absolute path, with its links resolved.
    public var path: String
    public var readOnly: Bool

    public init(path: String, readOnly: Bool = false) {
        self.path = FileAccess.resolvingLinks(path)
        self.readOnly = readOnly
    }

    /// Whether this grant covers `path` (already resolved) for the kind of use.
    func covers(_ path: String, writing: Bool) -> Bool {
        guard !writing || !readOnly else { return false }
        return FileAccess.isInside(path, self.path)
    }
}

/// What a person answered when asked whether a shortcut may use a folder.
public enum FileAccessAnswer: Sendable {
    /// For this run only.
    case once
    /// From now on: the grant is remembered for the shortcut.
    case always
    case deny
}

/// The question put to the person when a shortcut first reaches outside what it may use.
public struct FileAccessQuestion: Sendable {
    public var shortcut: String
    /// The folder the grant would cover.
    public var folder: String
    public var writing: Bool
    /// Whether "always" can be remembered (the shortcut is in the library).
    public var canRemember: Bool
    /// The home folder, shown as `~`.
    public var home: String

    /// "Allow “Backup” to write to ~/Documents/Notes?"
    public var prompt: String {
        "Allow “\(shortcut)” to \(writing ? "write to" : "read") \(FileAccess.shown(folder, home: home))?"
    }
}

/// What the file actions of one run may read and write, as Apple's per-shortcut privacy
/// settings decide it: without asking, the shortcut's input files, the files the person picked
/// during the run, and the Shortcuts folder; other folders only when granted, or when the
/// person answers yes to ``ask`` (only the command line on a terminal can ask).
///
/// Places that no shortcut may change whatever it is granted (the library's settings, shell
/// start-up files) are checked separately, by the file actions.
public final class FileAccess: Sendable {
    /// Who the rules are for.
    public struct Shortcut: Sendable {
        public var name: String
        /// The library's identifier, when the shortcut is in the library; grants are remembered by it.
        public var identifier: String?

        public init(name: String, identifier: String?) {
            self.name = name
            self.identifier = identifier
        }
    }

    /// Ways to grant access from outside the run, for the error that names them.
    public struct Remedies: Sendable {
        /// The command line that grants a folder to a library shortcut, with `{shortcut}` and `{folder}` in it.
        public var grantCommand: String?
        /// The option that grants a folder for one run of a file, with `{folder}` in it.
        public var oneRunOption: String?

        public init(grantCommand: String? = nil, oneRunOption: String? = nil) {
            self.grantCommand = grantCommand
            self.oneRunOption = oneRunOption
        }
    }

    /// Everything is allowed: for embedders and tests that build an environment themselves.
    /// Every front end (CLI, service, MCP) runs with the privacy rules instead.
    public static let unrestricted = FileAccess(unrestricted: true)

    public let shortcut: Shortcut?
    private let isUnrestricted: Bool
    private let grants: [FolderGrant]
    private let home: String
    private let remedies: Remedies
    private let ask: (@Sendable (FileAccessQuestion) throws -> FileAccessAnswer)?
    private let remember: (@Sendable (FolderGrant) throws -> Void)?
    private let forCalled: (@Sendable (String) -> FileAccess)?
    /// Grants made during the run: its input, what the person picked or allowed.
    private let added: Mutex<[FolderGrant]>

    private init(unrestricted: Bool) {
        isUnrestricted = unrestricted
        shortcut = nil
        grants = []
        home = "/"
        remedies = Remedies()
        ask = nil
        remember = nil
        forCalled = nil
        added = Mutex([])
    }

    /// - Parameters:
    ///   - grants: the folders the shortcut may use: the Shortcuts folder, its remembered grants,
    ///     and any the command granted for this run.
    ///   - ask: puts a question to the person, or `nil` when nobody can be asked.
    ///   - remember: stores an "always" answer.
    ///   - forCalled: the access of a shortcut this one runs with Run Shortcut, by name.
    public init(
        shortcut: Shortcut, grants: [FolderGrant], home: String, remedies: Remedies = Remedies(),
        ask: (@Sendable (FileAccessQuestion) throws -> FileAccessAnswer)? = nil,
        remember: (@Sendable (FolderGrant) throws -> Void)? = nil,
        forCalled: (@Sendable (String) -> FileAccess)? = nil
    ) {
        isUnrestricted = false
        self.shortcut = shortcut
        self.grants = grants
        self.home = home
        self.remedies = remedies
        self.ask = ask
        self.remember = remember
        self.forCalled = forCalled
        added = Mutex([])
    }

    /// The access of a shortcut this run starts with Run Shortcut: its own rules when the run
    /// knows them, otherwise this run's.
    public func forShortcut(named name: String) -> FileAccess {
        forCalled?(name) ?? self
    }

    /// Lets the run use the files in `content`, and what's inside the folders in it: the
    /// shortcut's input, a file the person picked.
    ///
    /// - Parameter passer: the run that passes them on (Run Shortcut): only what it may use
    ///   itself is passed, read-only where it may only read.
    public func allowItems(in content: Content, passedBy passer: FileAccess? = nil) {
        guard !isUnrestricted else { return }
        var grants: [FolderGrant] = []
        for item in content.items {
            guard case .file(let file) = item, let path = file.path else { continue }
            var grant = FolderGrant(path: path)
            if let passer {
                guard passer.isAllowed(grant.path, writing: false) else { continue }
                grant.readOnly = !passer.isAllowed(grant.path, writing: true)
            }
            grants.append(grant)
        }
        added.withLock { $0 += grants }
    }

    /// Lets the run use a path the person typed or chose at a prompt.
    public func allowPicked(path: String) {
        guard !isUnrestricted else { return }
        added.withLock { $0.append(FolderGrant(path: path)) }
    }

    /// Carries a grant of a file (or folder) over to its new name after a rename, when the run
    /// could write it under the old one.
    public func allowRenamed(_ path: String, to target: String) {
        guard !isUnrestricted, isAllowed(Self.resolvingLinks(path), writing: true) else { return }
        added.withLock { $0.append(FolderGrant(path: target)) }
    }

    /// What a check is about.
    public enum Use: Sendable {
        /// Reading a file, or learning whether it exists.
        case read
        /// Listing a folder's contents: the grant asked for is the folder itself.
        case list
        /// Writing, creating, renaming or deleting a file or folder.
        case write
    }

    /// Throws unless the run may use `path` in this way.
    ///
    /// - Throws: ``ActionFailure`` with ``RunError/Code/notPermitted`` naming `parameter`, the
    ///   path, and how to grant it; or the prompter's error when asking failed.
    public func check(_ path: String, _ use: Use, parameter: String?) throws {
        guard !isUnrestricted else { return }
        let target = Self.resolvingLinks(path)
        let writing = use == .write
        if isAllowed(target, writing: writing) { return }
        let folder = use == .list ? target : (URL(fileURLWithPath: target).deletingLastPathComponent().path)
        let name = shortcut?.name ?? "This shortcut"
        let canRemember = shortcut?.identifier != nil && remember != nil
        if let ask {
            let question = FileAccessQuestion(shortcut: name, folder: folder, writing: writing, canRemember: canRemember, home: home)
            switch try ask(question) {
            case .deny: break
            case .once:
                added.withLock { $0.append(FolderGrant(path: folder, readOnly: !writing)) }
                return
            case .always:
                let grant = FolderGrant(path: folder, readOnly: !writing)
                added.withLock { $0.append(grant) }
                if canRemember, let remember {
                    do {
                        try remember(grant)
                    } catch {
                        throw ActionFailure(
                            "can't remember access to \(Self.shown(folder, home: home)): \(error)", parameter: parameter,
                            code: .notPermitted, underlying: error)
                    }
                }
                return
            }
            throw ActionFailure(
                "can't \(writing ? "write" : "read") \(Self.shown(target, home: home)): you didn't allow “\(name)” to \(writing ? "write to" : "read") \(Self.shown(folder, home: home))",
                parameter: parameter, code: .notPermitted)
        }
        throw ActionFailure(
            "can't \(writing ? "write" : "read") \(Self.shown(target, home: home)): “\(name)” may \(writing ? "write" : "read") only its input, files picked while it runs, the Shortcuts folder and folders it was allowed\(remedy(for: folder, writing: writing))",
            parameter: parameter, code: .notPermitted)
    }

    /// Whether a resolved path is covered without asking.
    func isAllowed(_ target: String, writing: Bool) -> Bool {
        if isUnrestricted || grants.contains(where: { $0.covers(target, writing: writing) }) { return true }
        return added.withLock { $0.contains { $0.covers(target, writing: writing) } }
    }

    /// "; allow it with: shortcuts settings …" for the error, from the remedies that apply.
    private func remedy(for folder: String, writing: Bool) -> String {
        let quotedFolder = Self.shellQuoted(Self.shown(folder, home: home))
        var ways: [String] = []
        if let shortcut, shortcut.identifier != nil, let command = remedies.grantCommand {
            let line =
                command.replacingOccurrences(of: "{shortcut}", with: Self.shellQuoted(shortcut.name))
                .replacingOccurrences(of: "{folder}", with: quotedFolder)
            ways.append(line + (writing ? "" : " --read-only"))
        }
        if let option = remedies.oneRunOption {
            ways.append("run it with " + option.replacingOccurrences(of: "{folder}", with: quotedFolder))
        }
        return ways.isEmpty ? "" : "; to allow \(Self.shown(folder, home: home)): " + ways.joined(separator: ", or ")
    }

    // MARK: Paths

    /// Whether `path` is `folder` or inside it; both absolute and resolved.
    public static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || folder == "/" || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// The path, standardized, with links resolved in its longest existing prefix and the rest
    /// appended, so a link can't lead around a check.
    public static func resolvingLinks(_ path: String) -> String {
        // A path that exists is resolved by realpath(3) alone: one lstat a component.
        if path.hasPrefix("/"), let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        var existing = URL(fileURLWithPath: path).standardizedFileURL
        var rest: [String] = []
        while existing.path != "/", !FileManager.default.fileExists(atPath: existing.path) {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        var base = existing.resolvingSymlinksInPath().path
        for component in rest { base += (base.hasSuffix("/") ? "" : "/") + component }
        return base
    }

    /// A path as people read it: the home folder as `~`.
    public static func shown(_ path: String, home: String) -> String {
        guard home != "/", !home.isEmpty else { return path }
        if path == home { return "~" }
        return path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path
    }

    /// Quoted for a POSIX shell when it holds anything but safe characters; a leading `~/` stays outside the quotes.
    static func shellQuoted(_ text: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./~+=:,@")
        if !text.isEmpty, text.allSatisfy(safe.contains) { return text }
        if text.hasPrefix("~/") { return "~/" + shellQuoted(String(text.dropFirst(2))) }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
