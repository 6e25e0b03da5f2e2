import Foundation
import ShortcutsTestSupport
import Testing

/// Links planted where the program keeps its locks are refused, never followed: following one
/// would create or truncate a file wherever it points.
struct PlantedLinkTests {
    @Test func theLibraryLockIsNeverFollowed() throws {
        let shell = try CommandRunner()
        try FileManager.default.createDirectory(atPath: shell.home, withIntermediateDirectories: true)
        let victim = shell.directory.path + "/victim"
        try FileManager.default.createSymbolicLink(atPath: shell.home + "/.lock", withDestinationPath: victim)
        let imported = try shell.run(["import", ExampleShortcuts.examplesDirectory.path + "/Hello.shortcut"])
        #expect(imported.status != 0)
        #expect(imported.error.contains("is a symbolic link, which is never followed"), "\(imported.error)")
        #expect(!FileManager.default.fileExists(atPath: victim))
    }

    /// A shell with Lengths and an automation that runs it.
    private func automationShell() throws -> CommandRunner {
        let shell = try CommandRunner()
        shell.extraEnvironment["XDG_CONFIG_HOME"] = shell.directory.path + "/config"
        let imported = try shell.run(["import", ExampleShortcuts.examplesDirectory.path + "/WordLengths.shortcut", "--name", "Lengths"])
        try #require(imported.status == 0, "\(imported.error)")
        let added = try shell.run(["automation", "add", "Morning", "--shortcut", "Lengths", "--every", "10m"])
        try #require(added.status == 0, "\(added.error)")
        return shell
    }

    @Test func anAutomationsLockIsNeverFollowed() throws {
        let shell = try automationShell()
        let folder = shell.directory.path + "/runtime/shortcuts/automations"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let victim = shell.directory.path + "/victim"
        try FileManager.default.createSymbolicLink(atPath: folder + "/shortcuts-automation-morning.lock", withDestinationPath: victim)
        let ran = try shell.run(["automation", "run", "--triggered", "Morning"])
        #expect(ran.status != 0)
        #expect(ran.error.contains("it is a symbolic link, which is never followed"), "\(ran.error)")
        #expect(!FileManager.default.fileExists(atPath: victim))
    }

    @Test func withoutARuntimeFolderLocksGoToAFolderOfTheUsersOwn() throws {
        let shell = try automationShell()
        let temporary = shell.directory.path + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        shell.extraEnvironment["XDG_RUNTIME_DIR"] = ""
        shell.extraEnvironment["TMPDIR"] = temporary
        let ran = try shell.run(["automation", "run", "--triggered", "Morning"])
        #expect(ran.status == 0, "\(ran.error)")
        let own = temporary + "/shortcuts-\(getuid())"
        let attributes = try FileManager.default.attributesOfItem(atPath: own + "/automations")
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
        #expect(FileManager.default.fileExists(atPath: own + "/automations/shortcuts-automation-morning.lock"))

        // Someone planted the folder as a link to theirs: nothing goes there.
        let planted = try automationShell()
        let plantedTemporary = planted.directory.path + "/tmp"
        let theirs = planted.directory.path + "/theirs"
        try FileManager.default.createDirectory(atPath: plantedTemporary, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: plantedTemporary + "/shortcuts-\(getuid())", withDestinationPath: theirs)
        planted.extraEnvironment["XDG_RUNTIME_DIR"] = ""
        planted.extraEnvironment["TMPDIR"] = plantedTemporary
        let refused = try planted.run(["automation", "run", "--triggered", "Morning"])
        #expect(refused.status != 0)
        #expect(refused.error.contains("is not a folder of yours closed to others"), "\(refused.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: theirs).isEmpty)
    }
}
