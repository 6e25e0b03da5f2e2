import Foundation
import ShortcutsContent
import ShortcutsTestSupport
import Testing

/// The user's folders as `xdg-user-dirs` names them.
struct UserFoldersTests {
    @Test func theVariableThenUserDirsThenTheDefault() throws {
        let home = try TemporaryHome(prefix: "user-dirs")
        let config = home.directory.path + "/config"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        var variables = ["HOME": "/home/ada", "XDG_CONFIG_HOME": config]
        #expect(UserFolders.path(of: .documents, in: variables) == "/home/ada/Documents")
        try Data(
            """
            # written by xdg-user-dirs-update
            XDG_DOCUMENTS_DIR="$HOME/Dokumente"
            XDG_PICTURES_DIR="/srv/bilder"
            XDG_MUSIC_DIR="relative"
            """.utf8
        ).write(to: URL(fileURLWithPath: config + "/user-dirs.dirs"))
        #expect(UserFolders.path(of: .documents, in: variables) == "/home/ada/Dokumente")
        #expect(UserFolders.shortcutsFolder(in: variables) == "/home/ada/Dokumente/Shortcuts")
        #expect(UserFolders.path(of: .pictures, in: variables) == "/srv/bilder")
        #expect(UserFolders.path(of: .music, in: variables) == "/home/ada/Music")
        variables["XDG_DOCUMENTS_DIR"] = "/data/docs"
        #expect(UserFolders.path(of: .documents, in: variables) == "/data/docs")
    }
}
