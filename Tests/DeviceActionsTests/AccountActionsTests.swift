import ActionTestSupport
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import DeviceActions

/// System Settings' Users & Groups and Login Items actions against this machine's user
/// database, read back through `getent` (NSS, as the actions read it), and against autostart
/// entries and user units in temporary XDG folders.
@Suite struct AccountActionsTests {
    typealias T = SystemTest

    func run(
        _ name: String, _ parameters: ParameterDictionary = [:], input: Content = .nothing, environment: RunEnvironment = T.environment()
    )
        throws -> Content
    {
        try T.run(
            [WorkflowAction(identifier: AccountActions.prefix + name, parameters: parameters)], input: input, environment: environment)
    }

    /// `getent`'s lines for a database, split at colons.
    func getent(_ database: String) throws -> [[String]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/getent")
        process.arguments = [database]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map {
            $0.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        }
    }

    @Test func theCurrentUserIsTheProcesssAccount() throws {
        let me = try run("CurrentUserIntent")
        let line = try #require(try getent("passwd").first { $0[2] == String(getuid()) })
        #expect(me.property("Name") == .text(line[0]))
        #expect(me.property("Number") == .number(Double(getuid())))
        #expect(me.property("Home Folder") == .text(line[5]) && me.property("Shell") == .text(line[6]))
        // Its home folder, number and group, the account passed on as the input.
        let home = try run("UserHomeFolderIntent", input: me)
        guard case .file(let folder) = home else { Issue.record("not a folder: \(home)"); return }
        #expect(folder.path == line[5])
        #expect(try run("IdentifierIntent", input: me) == .number(Double(getuid())))
        let group = try #require(try getent("group").first { $0[2] == line[3] })
        #expect(try run("UserGroupIntent", input: me) == .text(group[0]))
    }

    @Test func listsPeoplesAccountsAndGroupsAsGetentDoes() throws {
        let first = AccountActions.firstPersonID(group: false)
        let wanted = try getent("passwd").filter { UInt32($0[2]).map { $0 >= first && $0 < 65534 } ?? false }.map { $0[0] }
        let users = try run("ListOfAcountsIntent", ["type": T.text("Users")])
        #expect(users.items.compactMap { $0.property("Name").text } == wanted)
        let firstGroup = AccountActions.firstPersonID(group: true)
        let groups = try run("ListOfAcountsIntent", ["type": T.text("Groups")])
        let wantedGroups = try getent("group").filter { UInt32($0[2]).map { $0 >= firstGroup && $0 < 65534 } ?? false }.map { $0[0] }
        #expect(groups.items.compactMap { $0.property("Name").text } == wantedGroups)
        #expect(groups.items.allSatisfy { $0.property("Is Group") == .boolean(true) })
        let error = T.failure { try run("ListOfAcountsIntent", ["type": T.text("Robots")]) }
        #expect(
            error?.message.contains("“robots” is not a type of account") == true && error?.parameter == "type",
            "\(String(describing: error))")
    }

    @Test func aGroupsMembersAreThoseItNamesAndThoseWhoseOwnGroupItIs() throws {
        let groups = try getent("group")
        let users = try getent("passwd")
        // root's group: root has it as its own; every group the database names members of too.
        for group in groups.filter({ $0[0] == "root" || !$0[3].isEmpty }).prefix(6) {
            var members = group[3].split(separator: ",").map(String.init)
            for user in users where user[3] == group[2] && !members.contains(user[0]) { members.append(user[0]) }
            let found = try run("GroupMembershipIntent", ["groupEntity": T.text(group[0])])
            #expect(found.items.compactMap { $0.property("Name").text } == members, "group \(group[0])")
        }
        let error = T.failure { try run("GroupMembershipIntent", ["groupEntity": T.text("no-such-group-here")]) }
        #expect(error?.message.contains("this machine has no group “no-such-group-here”") == true && error?.parameter == "groupEntity")
    }

    @Test func peopleStartAtLoginDefsFirstNumber() throws {
        let folder = try TemporaryDirectory()
        try folder.write("# a comment\nUID_MIN\t\t 100\nGID_MIN 0\n", to: "etc/login.defs")
        #expect(AccountActions.firstPersonID(group: false, root: folder.path) == 100)
        #expect(AccountActions.firstPersonID(group: true, root: folder.path) == 0)
        #expect(AccountActions.firstPersonID(group: false, root: folder.path + "/none") == 1000)
        // From 0, every group but the overflow group is a person's: the list is getent's.
        let groups = AccountActions.people(groups: true, root: folder.path).map(\.name)
        let wanted = try getent("group").filter { UInt32($0[2]).map { $0 < 65534 } ?? false }.map { $0[0] }
        #expect(!groups.isEmpty && groups == wanted)
    }

    @Test func anAdministratorIsInSudoWheelOrAdmin() throws {
        let groups = try getent("group")
        let sudo = try #require(groups.first { AccountActions.administratorGroups.contains($0[0]) }, "no sudo, wheel or admin group here")
        let plain = try #require(groups.first { !AccountActions.administratorGroups.contains($0[0]) && $0[0] != "root" && $0[3].isEmpty })
        // An account no group names: its own group alone decides (through getgrouplist).
        let admin = AccountActions.Account(name: "shortcuts-test-nobody", id: 4242, isGroup: false, groupID: UInt32(sudo[2])!)
        let notAdmin = AccountActions.Account(name: "shortcuts-test-nobody", id: 4242, isGroup: false, groupID: UInt32(plain[2])!)
        #expect(AccountActions.isAdministrator(admin) && !AccountActions.isAdministrator(notAdmin))
        #expect(try run("IdentifierIntent", ["accountEntity": T.text(sudo[0])]) == .number(Double(sudo[2])!))
    }

    @Test func rootIsAnAdministratorAndNobodyIsNot() throws {
        #expect(try run("UserIsAdminIntent", ["userEntity": T.text("root")]) == .boolean(true))
        if try getent("passwd").contains(where: { $0[0] == "nobody" }) {
            #expect(try run("UserIsAdminIntent", ["userEntity": T.text("nobody")]) == .boolean(false))
        }
        #expect(try run("IdentifierIntent", ["accountEntity": T.text("root")]) == .number(0))
        let error = T.failure { try run("UserIsAdminIntent", ["userEntity": T.text("no-such-user-here")]) }
        #expect(error?.message.contains("this machine has no user “no-such-user-here”") == true && error?.parameter == "userEntity")
    }

    @Test func loginItemsAreTheAutostartEntriesTheSessionStarts() throws {
        let folder = try TemporaryDirectory()
        try folder.write("[Desktop Entry]\nType=Application\nName=Syncer\nExec=syncer --quiet\n", to: "config/autostart/syncer.desktop")
        // The user's entry of a name turns off the system's; a hidden one and one turned off are left out.
        try folder.write("[Desktop Entry]\nType=Application\nName=Tray\nHidden=true\n", to: "config/autostart/tray.desktop")
        try folder.write("[Desktop Entry]\nType=Application\nName=Tray\nExec=tray\n", to: "system/autostart/tray.desktop")
        try folder.write("[Desktop Entry]\nType=Application\nName=Clipper\nExec=clipper\n", to: "system/autostart/clipper.desktop")
        try folder.write(
            "[Desktop Entry]\nType=Application\nName=Off\nExec=off\nX-GNOME-Autostart-enabled=false\n", to: "system/autostart/off.desktop")
        try folder.write("[Unit]\nDescription=Syncing\n", to: "config/systemd/user/sync.service")
        try FileManager.default.createDirectory(
            atPath: folder.path + "/config/systemd/user/default.target.wants", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/config/systemd/user/default.target.wants/sync.service",
            withDestinationPath: folder.path + "/config/systemd/user/sync.service")
        let environment = T.environment(variables: [
            "HOME": folder.path, "XDG_CONFIG_HOME": folder.path + "/config", "XDG_CONFIG_DIRS": folder.path + "/system",
        ])
        let items = try run("UserLoginItemsIntent", environment: environment)
        #expect(items.items.map(\.text) == ["Syncer", "Clipper"])
        #expect(items.items.first?.property("Command") == .text("syncer --quiet"))
        let background = try run("BackgroundLoginItemsIntent", environment: environment)
        #expect(background.items.first?.property("Name") == .text("sync.service"))
        #expect(background.items.first?.property("Path") == .text(folder.path + "/config/systemd/user/sync.service"))
        // A vendor's unit, reached by a relative link; one the user masked is left out.
        try folder.write("[Unit]\n", to: "vendor/pipewire.socket")
        try folder.write("[Unit]\n", to: "vendor/tracker.service")
        for name in ["pipewire.socket", "tracker.service"] {
            try FileManager.default.createDirectory(atPath: folder.path + "/vendor/sockets.target.wants", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: folder.path + "/vendor/sockets.target.wants/" + name, withDestinationPath: "../" + name)
        }
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/config/systemd/user/tracker.service", withDestinationPath: "/dev/null")
        let units = AccountActions.sessionUnits(
            ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path + "/config"],
            roots: [folder.path + "/config/systemd/user", folder.path + "/vendor"])
        #expect(units.map { $0.property("Name").text } == ["sync.service", "pipewire.socket"])
        #expect(units.last?.property("Path") == .text(folder.path + "/vendor/pipewire.socket"))
    }
}
