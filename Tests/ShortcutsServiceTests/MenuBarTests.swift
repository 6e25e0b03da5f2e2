import Foundation
import ShortcutsTestSupport
import Testing

/// The menu bar: shortcutsd's StatusNotifierItem registers with a tray's watcher (a small one in
/// python3-dbus here, as KDE's or waybar's would), and its dbusmenu lists the pinned shortcuts
/// by folder, marks a running one, and runs one when it is clicked.
@Suite(.enabled(if: ServiceHarness.hasDBus, "dbus-daemon is missing (apt-get install dbus-daemon); the D-Bus tests are skipped"))
struct MenuBarTests {
    /// Owns org.kde.StatusNotifierWatcher, prints each registration and each LayoutUpdated.
    static let watcher = """
        import dbus, dbus.service
        from dbus.mainloop.glib import DBusGMainLoop
        from gi.repository import GLib
        DBusGMainLoop(set_as_default=True)
        bus = dbus.SessionBus()
        class Watcher(dbus.service.Object):
            @dbus.service.method('org.kde.StatusNotifierWatcher', in_signature='s', out_signature='', sender_keyword='sender')
            def RegisterStatusNotifierItem(self, service, sender=None):
                print('registered', service, flush=True)
        name = dbus.service.BusName('org.kde.StatusNotifierWatcher', bus)
        watcher = Watcher(bus, '/StatusNotifierWatcher')
        bus.add_signal_receiver(lambda revision, parent: print('layout', int(revision), flush=True), 'LayoutUpdated', 'com.canonical.dbusmenu', None, '/MenuBar')
        print('ready', flush=True)
        GLib.MainLoop().run()
        """

    static let menu = ["call", "--session", "--dest", "org.swiftshortcuts.Events", "--object-path", "/MenuBar", "--method"]

    private func shortcuts(_ harness: ServiceHarness, _ arguments: [String]) throws {
        let result = try harness.run(try BuiltProducts.path(of: "shortcuts"), arguments)
        #expect(result.status == 0, "\(result.error)")
    }

    /// The item ids and labels of a GetLayout answer, in order.
    private func labels(_ layout: String) -> [(id: Int, label: String)] {
        let pattern = try! NSRegularExpression(pattern: #"\((\d+), \{[^}]*'label': <'([^']*)'>"#)
        return pattern.matches(in: layout, range: NSRange(layout.startIndex..., in: layout)).map { match in
            (Int((layout as NSString).substring(with: match.range(at: 1)))!, (layout as NSString).substring(with: match.range(at: 2)))
        }.filter { $0.id != 0 }
    }

    @Test func theTrayShowsPinnedShortcutsByFolderAndRunsOneWhenClicked() throws {
        let harness = try ServiceHarness()
        try harness.startBus()
        for name in ["Greet", "Report", "Slow"] { try shortcuts(harness, ["set", name, "--menu-bar", "on"]) }
        let printed = try harness.startPython(Self.watcher)
        try harness.waitUntil("the watcher is on the bus") { printed().contains("ready") }
        try harness.startService()
        try harness.waitUntil("the item registers") { printed().contains("registered org.swiftshortcuts.Events") }

        let properties = try harness.run(
            "/usr/bin/gdbus",
            [
                "call", "--session", "--dest", "org.swiftshortcuts.Events", "--object-path", "/StatusNotifierItem", "--method",
                "org.freedesktop.DBus.Properties.GetAll", "org.kde.StatusNotifierItem",
            ])
        #expect(properties.output.contains("'Status': <'Active'>"), "\(properties.output)\(properties.error)")
        #expect(properties.output.contains("'Menu': <objectpath '/MenuBar'>"), "\(properties.output)")
        #expect(properties.output.contains("'IconName': <'org.swiftshortcuts.Shortcuts'>"), "\(properties.output)")

        let layout = try harness.run("/usr/bin/gdbus", Self.menu + ["com.canonical.dbusmenu.GetLayout", "--", "0", "-1", "[]"])
        #expect(layout.status == 0, "\(layout.error)")
        let items = labels(layout.output)
        #expect(items.map(\.label) == ["Greet", "Slow", "Work", "Report", "Stop", "Open Shortcuts"], "\(layout.output)")
        #expect(layout.output.contains("'children-display': <'submenu'>"), "Work is a submenu: \(layout.output)")
        #expect(layout.output.contains("'type': <'separator'>"), "\(layout.output)")

        let greet = try #require(items.first { $0.label == "Greet" }?.id)
        let clicked = try harness.run("/usr/bin/gdbus", Self.menu + ["com.canonical.dbusmenu.Event", "\(greet)", "clicked", "<''>", "0"])
        #expect(clicked.status == 0, "\(clicked.error)")
        try harness.waitUntil("the clicked shortcut ran") {
            let runs = try? harness.run(try BuiltProducts.path(of: "shortcuts"), ["runs", "--json"]).output
            return runs?.contains("\"trigger\":\"Menu bar\"") == true && runs?.contains("\"status\":\"succeeded\"") == true
        }

        // A running shortcut is marked, and the tray is told the layout changed.
        let slow = try #require(items.first { $0.label == "Slow" }?.id)
        #expect(
            try harness.run("/usr/bin/gdbus", Self.menu + ["com.canonical.dbusmenu.Event", "\(slow)", "clicked", "<''>", "0"]).status == 0)
        // gdbus writes the dash as \u2014 where the locale isn't UTF-8.
        try harness.waitUntil("the menu marks Slow as running", timeout: 10) {
            let now =
                (try? harness.run("/usr/bin/gdbus", Self.menu + ["com.canonical.dbusmenu.GetLayout", "--", "0", "-1", "[]"]))?.output ?? ""
            let shown = labels(now)
            return shown.contains { $0.id == slow && $0.label.hasPrefix("Slow ") && $0.label.hasSuffix(" Running") }
                && shown.contains { $0.label == "Stop 1 Running" }
        }
        try harness.waitUntil("the watcher saw LayoutUpdated") { printed().contains { $0.hasPrefix("layout ") } }
        let now = try harness.run("/usr/bin/gdbus", Self.menu + ["com.canonical.dbusmenu.GetLayout", "--", "0", "-1", "[]"])
        let stop = try #require(labels(now.output).first { $0.label == "Stop 1 Running" }?.id)
        #expect(
            try harness.run("/usr/bin/gdbus", Self.menu + ["com.canonical.dbusmenu.Event", "\(stop)", "clicked", "<''>", "0"]).status == 0)
        try harness.waitUntil("Stop cancelled the run") {
            let runs = try? harness.run(try BuiltProducts.path(of: "shortcuts"), ["runs", "--json"]).output
            return runs?.contains("\"status\":\"cancelled\"") == true
        }
        let missing = try harness.run("/usr/bin/gdbus", Self.menu + ["com.canonical.dbusmenu.Event", "999", "clicked", "<''>", "0"])
        #expect(missing.status != 0 && missing.error.contains("NotFound"), "\(missing.error)")
    }

    @Test func withNothingPinnedTheItemIsPassive() throws {
        let harness = try ServiceHarness()
        try harness.startBus()
        try harness.startService()
        let status = try harness.run(
            "/usr/bin/gdbus",
            [
                "call", "--session", "--dest", "org.swiftshortcuts.Events", "--object-path", "/StatusNotifierItem", "--method",
                "org.freedesktop.DBus.Properties.Get", "org.kde.StatusNotifierItem", "Status",
            ])
        #expect(status.output == "(<'Passive'>,)\n", "\(status.output)\(status.error)")
        let layout = try harness.run("/usr/bin/gdbus", Self.menu + ["com.canonical.dbusmenu.GetLayout", "--", "0", "-1", "['label']"])
        #expect(labels(layout.output).map(\.label) == ["Stop", "Open Shortcuts"], "\(layout.output)")
    }
}
