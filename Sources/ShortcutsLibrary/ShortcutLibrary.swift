import Foundation
import ShortcutFormat
import ShortcutsContent

#if canImport(Glibc)
    import Glibc
#endif

/// The person's shortcuts, kept as plain files they can sync or keep in git.
///
/// ```text
/// $SHORTCUTS_HOME/                  (default: $XDG_DATA_HOME/shortcuts, ~/.local/share/shortcuts)
///   Shortcuts/
///     Hello.shortcut                a shortcut in no folder
///     Work/Report.shortcut          a shortcut in the folder "Work"
///   library.json                    identifier ⇄ path (see LibraryIndex)
///   settings.json                   settings such as allowRunningScripts
/// ```
///
/// A shortcut's name is its file name without `.shortcut`; names are unique regardless of case
/// across the library, as in Shortcuts. Each shortcut gets a UUID the first time the library
/// sees it, kept in `library.json`; a file moved by hand gets a new one.
///
/// Looking a shortcut up by name or path reads no index and scans at most one directory level,
/// so running a shortcut stays fast however large the library is.
public struct ShortcutLibrary: Sendable {
    /// The library's root directory (`$SHORTCUTS_HOME`).
    public let home: String

    public init(home: String) {
        self.home = home.hasSuffix("/") && home.count > 1 ? String(home.dropLast()) : home
    }

    /// The library the environment points at: `$SHORTCUTS_HOME`, else `$XDG_DATA_HOME/shortcuts`,
    /// else `~/.local/share/shortcuts`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(home: Self.home(in: environment))
    }

    /// Where the library lives according to the environment variables.
    public static func home(in environment: [String: String]) -> String {
        ShortcutsHome.path(in: environment)
    }

    /// The directory holding the `.shortcut` files.
    public var shortcutsDirectory: String { home + "/Shortcuts" }
    var indexPath: String { home + "/library.json" }
    /// The path of `settings.json`.
    public var settingsPath: String { home + "/settings.json" }

    /// The file extension of shortcut files.
    public static let fileExtension = "shortcut"

    // MARK: Finding shortcuts

    /// Finds a shortcut by identifier, or by name ignoring case.
    ///
    /// - Returns: `nil` when nothing matches.
    /// - Throws: ``LibraryError`` when `library.json` is damaged.
    public func find(_ nameOrIdentifier: String) throws(LibraryError) -> ShortcutLocation? {
        recoverIfNeeded(includingFolders: false)
        if UUID(uuidString: nameOrIdentifier) != nil {
            let index = try LibraryIndex.read(from: indexPath)
            if let path = index.path(forIdentifier: nameOrIdentifier), isOwnPath(path) {
                return location(relativePath: path)
            }
        }
        return find(name: nameOrIdentifier)
    }

    /// Finds a shortcut by name, ignoring case.
    public func find(name: String) -> ShortcutLocation? {
        guard Self.problem(withName: name) == nil else { return nil }
        let direct = "\(name).\(Self.fileExtension)"
        if isOwnPath(direct) {
            return location(relativePath: direct)
        }
        return locations().first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// Every shortcut file in the library, in no particular order; reads no file and no index.
    public func locations() -> [ShortcutLocation] {
        var found: [ShortcutLocation] = []
        for item in visibleItems(in: shortcutsDirectory) {
            if item.kind == .folder {
                for file in visibleItems(in: shortcutsDirectory + "/" + item.name) where Self.isShortcutFile(file.name) {
                    found.append(location(relativePath: item.name + "/" + file.name))
                }
            } else if Self.isShortcutFile(item.name) {
                found.append(location(relativePath: item.name))
            }
        }
        return found
    }

    /// The folders, sorted by name.
    public func folders() -> [String] {
        visibleItems(in: shortcutsDirectory).filter { $0.kind == .folder }.map(\.name).sorted(by: Self.byName)
    }

    /// Every shortcut with its identifier, sorted by name. Shortcuts seen for the first time get
    /// an identifier, and entries for files that are gone are dropped from `library.json`.
    public func entries() throws(LibraryError) -> [LibraryEntry] {
        recoverIfNeeded(includingFolders: true)
        let found = locations()
        var index = try LibraryIndex.read(from: indexPath)
        let known = Set(index.shortcuts.map(\.path))
        let present = Set(found.map(\.relativePath))
        if !present.isSubset(of: known) || !known.isSubset(of: present) {
            do {
                index = try withLock { () throws(LibraryError) -> LibraryIndex in
                    var index = try LibraryIndex.read(from: indexPath)
                    index.shortcuts.removeAll { !present.contains($0.path) }
                    for location in found where index.identifier(forPath: location.relativePath) == nil {
                        index.set(identifier: UUID().uuidString, path: location.relativePath)
                    }
                    try index.write(to: indexPath)
                    return index
                }
            } catch  where error.code == .system {
                // The library can't be written (read-only, full): listing still works, with
                // identifiers made from the paths of the shortcuts it hasn't recorded.
                index.shortcuts.removeAll { !present.contains($0.path) }
                for location in found where index.identifier(forPath: location.relativePath) == nil {
                    index.set(identifier: Self.provisionalIdentifier(forPath: location.relativePath), path: location.relativePath)
                }
            }
        }
        return found.compactMap { location in
            index.identifier(forPath: location.relativePath).map { LibraryEntry(identifier: $0, location: location) }
        }.sorted { Self.byName($0.name, $1.name) }
    }

    /// The identifier of a shortcut, giving it one if it has none yet.
    public func identifier(of location: ShortcutLocation) throws(LibraryError) -> String {
        if let identifier = try LibraryIndex.read(from: indexPath).identifier(forPath: location.relativePath) {
            return identifier
        }
        do {
            return try withLock { () throws(LibraryError) -> String in
                var index = try LibraryIndex.read(from: indexPath)
                if let identifier = index.identifier(forPath: location.relativePath) { return identifier }
                let identifier = UUID().uuidString
                index.set(identifier: identifier, path: location.relativePath)
                try index.write(to: indexPath)
                return identifier
            }
        } catch  where error.code == .system {
            // Reading never needs to write: a library that can't be written gives one from the path.
            return Self.provisionalIdentifier(forPath: location.relativePath)
        }
    }

    // MARK: Reading shortcuts

    /// Reads a shortcut's workflow from its file.
    ///
    /// - Throws: ``LibraryError`` when the file can't be read or is not a shortcut.
    ///
    /// A signed file's signature was checked when it was imported, so it is not checked again:
    /// running a library shortcut never loads libcrypto.
    public func workflow(at location: ShortcutLocation) throws(LibraryError) -> Workflow {
        try document(at: location, checkingSignature: false).workflow
    }

    /// Reads a shortcut's file with its signature, checked again, when it is signed.
    ///
    /// Whether to trust a signer was decided when the file was imported, so a signature that no
    /// longer matches is reported in the document rather than refused.
    /// - Throws: ``LibraryError`` when the file can't be read or is not a shortcut.
    public func document(at location: ShortcutLocation) throws(LibraryError) -> ShortcutDocument {
        try document(at: location, checkingSignature: true)
    }

    private func document(at location: ShortcutLocation, checkingSignature: Bool) throws(LibraryError) -> ShortcutDocument {
        guard let data = FileManager.default.contents(atPath: location.path) else {
            throw LibraryError(.notFound, "can't read \(location.path)")
        }
        do {
            return try ShortcutFile.open(data, path: location.path, ignoringSignature: true, checkingSignature: checkingSignature)
        } catch {
            throw LibraryError(.invalidShortcut, error.message)
        }
    }

    /// Every shortcut with the details Shortcuts shows: colour, action count, whether it takes input.
    ///
    /// - Complexity: reads every shortcut file; use ``entries()`` when names are enough.
    public func summaries() throws(LibraryError) -> [ShortcutSummary] {
        try entries().map { entry in
            let workflow = try? self.workflow(at: entry.location)
            return ShortcutSummary(
                entry: entry, color: workflow?.iconColor, glyph: workflow?.iconGlyph, actionCount: workflow?.actions.count,
                acceptsInput: workflow?.acceptsInput ?? false, types: workflow?.types ?? [],
                inputClasses: workflow?.inputContentClasses ?? [])
        }
    }

    // MARK: Helpers

    func location(relativePath: String) -> ShortcutLocation {
        let parts = relativePath.split(separator: "/", maxSplits: 1).map(String.init)
        let file = parts.last ?? relativePath
        let name = String(file.dropLast(Self.fileExtension.count + 1))
        return ShortcutLocation(
            name: name, folder: parts.count == 2 ? parts[0] : nil, relativePath: relativePath,
            path: shortcutsDirectory + "/" + relativePath)
    }

    /// The entries of a library folder that are the library's: not hidden, and not symbolic
    /// links, which could lead a name in the library to any file or folder on the machine.
    private func visibleItems(in directory: String) -> [FolderListing.Item] {
        FolderListing.items(in: directory).filter { !$0.name.hasPrefix(".") && $0.kind != .link }
    }

    /// Whether a path from `library.json` stays inside the `Shortcuts` folder: relative, at most
    /// one folder deep, no `..`, no hidden parts, no symbolic link on the way.
    func isOwnPath(_ relativePath: String) -> Bool {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }) else { return false }
        var path = shortcutsDirectory
        for part in parts {
            path += "/" + part
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFLNK else { return false }
        }
        return Self.isShortcutFile(String(parts[parts.count - 1]))
    }

    static func isShortcutFile(_ name: String) -> Bool {
        name.count > fileExtension.count + 1 && name.lowercased().hasSuffix("." + fileExtension)
    }

    static func byName(_ lhs: String, _ rhs: String) -> Bool {
        let order = asciiCaseInsensitiveOrder(lhs, rhs) ?? lhs.caseInsensitiveCompare(rhs).rawValue
        return order == 0 ? lhs < rhs : order < 0
    }

    /// The order `caseInsensitiveCompare` gives two ASCII names (-1, 0, 1), found without
    /// Foundation's string bridging, which was a third of listing 1,000 shortcuts; `nil` when
    /// either name isn't ASCII. (For ASCII the two orders are the same: `NameOrderTests`.)
    static func asciiCaseInsensitiveOrder(_ lhs: String, _ rhs: String) -> Int? {
        guard lhs.utf8.allSatisfy({ $0 < 0x80 }), rhs.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next().map(folded), right.next().map(folded)) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let a?, let b?) where a != b: return a < b ? -1 : 1
            default: continue
            }
        }
    }

    /// Why a name can't be a shortcut or folder name, or `nil` when it can.
    static func problem(withName name: String) -> String? {
        if name.trimmingCharacters(in: .whitespaces).isEmpty { return "a name can't be empty" }
        if name.contains("/") { return "a name can't contain \"/\"" }
        if name.contains("\0") { return "a name can't contain a NUL character" }
        // A newline or an escape in a name would forge lines and colours in `list`, logs and terminals.
        if let control = name.unicodeScalars.first(where: { CharacterSet.controlCharacters.contains($0) }) {
            return
                "a name can't contain control characters (it has U+\(String(control.value, radix: 16, uppercase: true).leftPadded(to: 4)))"
        }
        if name.hasPrefix(".") { return "a name can't start with \".\" (such files are hidden)" }
        if name.utf8.count > 200 { return "a name can be at most 200 bytes long" }
        return nil
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
