import Foundation
import ShortcutsTestSupport
import Testing

/// The Finder's actions that show things, against a python-dbusmock FileManager1 on a private
/// session bus, and a stand-in xdg-open that writes down what it opened.
struct FinderDesktopTests {
    @Test func itemsAreRevealedShownAndOpenedByTheFileManager() throws {
        let harness = try ServiceHarness()
        try harness.startBus()
        try harness.startMock(
            arguments: ["org.freedesktop.FileManager1", "/org/freedesktop/FileManager1", "org.freedesktop.FileManager1"],
            name: "org.freedesktop.FileManager1", system: false)
        let added = try harness.python(
            """
            import dbus
            manager = dbus.Interface(dbus.SessionBus().get_object('org.freedesktop.FileManager1', '/org/freedesktop/FileManager1'), 'org.freedesktop.DBus.Mock')
            for method in ['ShowItems', 'ShowFolders', 'ShowItemProperties']:
                manager.AddMethod('org.freedesktop.FileManager1', method, 'ass', '', '')
            """)
        #expect(added.status == 0, "\(added.error)")
        let folder = harness.directory + "/docs"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/plan.txt"
        try Data("plan\n".utf8).write(to: URL(fileURLWithPath: file))
        let opened = harness.directory + "/opened"
        let bin = harness.directory + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\necho \"$1\" >> \(opened)\n".write(toFile: bin + "/xdg-open", atomically: true, encoding: .utf8)
        chmod(bin + "/xdg-open", 0o755)
        harness.extra["PATH"] = bin + ":/usr/bin:/bin"

        let shown = try DeviceActionTests.run(
            """
            com.apple.finder.RevealItemsIntent targets: "\(file)"
            com.apple.finder.GoToLocationIntent location: "\(folder)"
            info = com.apple.finder.GetInfoIntent targets: "\(file)"
            com.apple.finder.OpenItemIntent target: info
            com.apple.DocumentManagerUICore.RecentsAvocadoIntentHandler.DOCOpenLocationIntent folder: "\(folder)"
            """, in: harness, options: ["--allow-folder", folder])
        #expect(shown.status == 0, "\(shown.error)")
        let calls = try DeviceActionTests.calls("org.freedesktop.FileManager1", "/org/freedesktop/FileManager1", system: false, in: harness)
        #expect(
            calls == [
                "ShowItems([file://\(file)], )", "ShowFolders([file://\(folder)/], )", "ShowItemProperties([file://\(file)], )",
                "ShowFolders([file://\(folder)/], )",
            ],
            "\(calls)")
        #expect(try String(contentsOfFile: opened, encoding: .utf8) == "file://\(file)\n")

        let notFolder = try DeviceActionTests.run(
            #"com.apple.finder.GoToLocationIntent location: "\#(file)""#, in: harness, options: ["--allow-folder", folder])
        #expect(notFolder.status == 1 && notFolder.error.contains("parameter location: \(file) is not a folder"), "\(notFolder.error)")
        let denied = try DeviceActionTests.run(#"com.apple.finder.GetInfoIntent targets: "\#(file)""#, in: harness)
        #expect(denied.status == 1 && denied.error.contains("parameter targets"), "\(denied.error)")
    }
}
