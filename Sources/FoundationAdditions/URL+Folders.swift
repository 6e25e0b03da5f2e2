import Foundation
import ShortcutsContent

// Apple's Foundation names the user's folders as `URL` members (macOS 13, iOS 16); Foundation
// on Linux has only `homeDirectory`, `temporaryDirectory` and `currentDirectory()`. These are the folders the desktop
// names (xdg-user-dirs) and the XDG base folders, read from the process's environment.

extension URL {
    /// The user's Documents folder (`$XDG_DOCUMENTS_DIR`, else its line in `user-dirs.dirs`, else `~/Documents`).
    public static var documentsDirectory: URL { userFolder(.documents) }
    /// The user's Downloads folder.
    public static var downloadsDirectory: URL { userFolder(.downloads) }
    /// The user's Desktop folder.
    public static var desktopDirectory: URL { userFolder(.desktop) }
    /// The user's Music folder.
    public static var musicDirectory: URL { userFolder(.music) }
    /// The user's Videos folder (Apple's Movies).
    public static var moviesDirectory: URL { userFolder(.videos) }
    /// The user's Pictures folder.
    public static var picturesDirectory: URL { userFolder(.pictures) }
    /// Where an app keeps its data: `$XDG_DATA_HOME` (`~/.local/share`), Apple's Application Support.
    public static var applicationSupportDirectory: URL { folder(UserFolders.dataHome(in: environment)) }
    /// Where an app keeps caches: `$XDG_CACHE_HOME` (`~/.cache`).
    public static var cachesDirectory: URL { folder(UserFolders.cacheHome(in: environment)) }
    /// Apple's Library folder has no Linux counterpart; the data folder stands for it.
    public static var libraryDirectory: URL { applicationSupportDirectory }

    /// Starts using a file the person chose. On Apple's systems a sandboxed app must ask before
    /// reaching outside its container; Linux has no such sandbox, so every file the process may
    /// open is reachable and this always says yes.
    ///
    /// - Returns: true.
    public func startAccessingSecurityScopedResource() -> Bool { true }

    /// Ends what ``startAccessingSecurityScopedResource()`` started; nothing to do on Linux.
    public func stopAccessingSecurityScopedResource() {}

    private static var environment: [String: String] { ProcessInfo.processInfo.environment }

    private static func userFolder(_ folder: UserFolders.Folder) -> URL {
        self.folder(UserFolders.path(of: folder, in: environment))
    }

    private static func folder(_ path: String) -> URL { URL(fileURLWithPath: path, isDirectory: true) }
}
