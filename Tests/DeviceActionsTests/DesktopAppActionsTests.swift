import ActionTestSupport
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import ActionSupport
@testable import BuiltinActions
@testable import DeviceActions
@testable import ShortcutsPlatform

/// Find Apps over real `.desktop` files in temporary XDG folders, Quit App against a real
/// process, and Filter Locations.
@Suite(.serialized) struct DesktopAppActionsTests {
    typealias T = SystemTest
    let folder: TemporaryDirectory
    let environment: RunEnvironment

    init() throws {
        folder = try TemporaryDirectory()
        environment = T.environment(variables: [
            "HOME": folder.path, "XDG_DATA_HOME": folder.path + "/home-data",
            "XDG_DATA_DIRS": folder.path + "/system:" + folder.path + "/other",
        ])
        try folder.write(
            "[Desktop Entry]\nType=Application\nName=Text Editor\nComment=Edit text files\nExec=gnome-text-editor %U\nCategories=Utility;TextEditor;\n",
            to: "system/applications/org.gnome.TextEditor.desktop")
        try folder.write(
            "[Desktop Entry]\nType=Application\nName=Hidden Thing\nNoDisplay=true\nExec=x\n", to: "system/applications/hidden.desktop")
        try folder.write("[Desktop Entry]\nType=Link\nName=A Link\nURL=https://example.com\n", to: "system/applications/link.desktop")
        try folder.write(
            "[Desktop Entry]\nType=Application\nName=Calculator\nExec=env LANG=C gnome-calculator\n",
            to: "other/applications/kde/calc.desktop")
        // The user's own entry wins over the system's of the same id.
        try folder.write(
            "[Desktop Entry]\nType=Application\nName=My Editor\nExec=my-editor\n", to: "home-data/applications/org.gnome.TextEditor.desktop"
        )
    }

    func rule(_ property: String, _ comparison: Int64, _ values: ParameterDictionary) -> ParameterDictionary {
        ["Property": T.text(property), "Operator": .plain(.integer(comparison)), "Values": .record(values), "Removable": T.bool(true)]
    }

    @Test func findAppsListsTheDesktopsApplicationsAndFilters() throws {
        let all = try T.run("filter.apps", environment: environment)
        #expect(all.items.map(\.text) == ["Calculator", "My Editor"])
        #expect(
            all.items[0].property("Bundle Identifier") == .text("kde-calc")
                && all.items[0].property("Executable") == .text("gnome-calculator"))
        let table = PredicateTable(prefix: 1, templates: [rule("Name", 99, ["String": T.text("edit")])])
        let editors = try T.run("filter.apps", ["WFContentItemFilter": .predicateTable(table)], environment: environment)
        #expect(editors.items.map(\.text) == ["My Editor"])
        let sorted = try T.run(
            "filter.apps", ["WFContentItemSortProperty": T.text("Name"), "WFContentItemSortOrder": T.text("Z to A")],
            environment: environment)
        #expect(sorted.items.map(\.text) == ["My Editor", "Calculator"])
        let bad = PredicateTable(prefix: 1, templates: [rule("Colour", 4, ["String": T.text("red")])])
        #expect(
            T.failure { try T.run("filter.apps", ["WFContentItemFilter": .predicateTable(bad)], environment: environment) }?.message
                .contains("can't filter apps by \"Colour\"") == true)
    }

    @Test func quitAppEndsTheAppsProcesses() throws {
        let program = folder.path + "/bin/shortcuts-test-sleeper"
        try FileManager.default.createDirectory(atPath: folder.path + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: program)
        try folder.write(
            "[Desktop Entry]\nType=Application\nName=Sleeper\nExec=\(program) 60\n", to: "home-data/applications/sleeper.desktop")
        // Started as a desktop starts apps: SIGTERM neither blocked nor ignored (the test runner's
        // threads block it, and children inherit that), then the app's own program.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProcessRunner.find("python3") ?? "/usr/bin/python3")
        process.arguments = [
            "-c",
            "import os,signal,sys; signal.pthread_sigmask(signal.SIG_UNBLOCK,{signal.SIGTERM}); signal.signal(signal.SIGTERM, signal.SIG_DFL); os.execv(sys.argv[1], [sys.argv[1], '60'])",
            program,
        ]
        try process.run()
        // The program is running once /proc shows it under its own name.
        for _ in 0..<200 where DesktopAppActions.processes(named: "shortcuts-test-sleeper").isEmpty { usleep(10_000) }
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        _ = try T.run("quit.app", ["WFApp": T.text("Sleeper")], environment: environment)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
        let all = T.failure {
            try T.run("quit.app", ["WFQuitAppMode": T.text("All Apps"), "WFApp": T.text("x")], environment: environment)
        }
        #expect(all?.parameter == "WFQuitAppMode")
        let notAnApp = T.failure { try T.run("quit.app", ["WFApp": T.text("gnome-shell")], environment: environment) }
        #expect(notAnApp?.message.contains("is not an installed app") == true)
        try folder.write(
            "[Desktop Entry]\nType=Application\nName=Shell\nExec=/usr/bin/gnome-shell\n", to: "home-data/applications/shell.desktop")
        let session = T.failure { try T.run("quit.app", ["WFApp": T.text("Shell")], environment: environment) }
        #expect(session?.message.contains("runs the desktop session") == true)
    }

    @Test func filterLocationsKeepsThoseThatMatch() throws {
        var paris = Place(latitude: 48.85, longitude: 2.35)
        paris.city = "Paris"
        var lyon = Place(latitude: 45.76, longitude: 4.83)
        lyon.city = "Lyon"
        let table = PredicateTable(prefix: 1, templates: [rule("Latitude", 2, ["Number": T.number(46)])])
        let north = try T.run(
            "filter.locations", ["WFContentItemFilter": .predicateTable(table)], input: .list([paris.content, lyon.content]))
        #expect(north.items.map { $0.property("City") } == [.text("Paris")])
    }
}
