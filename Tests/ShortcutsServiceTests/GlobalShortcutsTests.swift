import Foundation
import ShortcutsTestSupport
import Testing

/// Debian's xdg-desktop-portal (the frontend every desktop's backend sits behind).
private let portalFrontend = "/usr/libexec/xdg-desktop-portal"

/// Keyboard shortcuts through Debian's real xdg-desktop-portal, whose GlobalShortcuts backend
/// here is a small one in python3-dbus (as KDE's or Hyprland's would be): shortcutsd makes a
/// session, binds the library's keys, binds again when they change, and runs the shortcut
/// whose key the backend says was pressed.
@Suite(
    .enabled(
        if: ServiceHarness.hasDBus && FileManager.default.isExecutableFile(atPath: portalFrontend),
        "xdg-desktop-portal is missing (apt-get install xdg-desktop-portal); the keyboard shortcut tests are skipped"))
struct GlobalShortcutsTests {
    /// The backend: prints each session and binding, and presses every bound key once, 0.3 s
    /// after binding it.
    static let backend = """
        import dbus, dbus.service
        from dbus.mainloop.glib import DBusGMainLoop
        from gi.repository import GLib
        DBusGMainLoop(set_as_default=True)
        bus = dbus.SessionBus()
        IFACE = 'org.freedesktop.impl.portal.GlobalShortcuts'
        class Backend(dbus.service.Object):
            @dbus.service.method(IFACE, in_signature='oosa{sv}', out_signature='ua{sv}')
            def CreateSession(self, handle, session_handle, app_id, options):
                print('session', session_handle, flush=True)
                return (dbus.UInt32(0), {'session_handle': session_handle})
            @dbus.service.method(IFACE, in_signature='ooa(sa{sv})sa{sv}', out_signature='ua{sv}')
            def BindShortcuts(self, handle, session_handle, shortcuts, parent_window, options):
                print('bind', ' '.join(sorted('%s=%s' % (s, o['preferred_trigger']) for s, o in shortcuts)), flush=True)
                for s, o in shortcuts:
                    GLib.timeout_add(300, lambda s=s: self.Activated(session_handle, s, dbus.UInt64(0), {}) and False)
                given = [(s, {'description': o['description'], 'trigger_description': o['preferred_trigger']}) for s, o in shortcuts]
                return (dbus.UInt32(0), {'shortcuts': dbus.Array(given, signature='(sa{sv})')})
            @dbus.service.method(IFACE, in_signature='oo', out_signature='ua{sv}')
            def ListShortcuts(self, handle, session_handle):
                return (dbus.UInt32(0), {})
            @dbus.service.signal(IFACE, signature='osta{sv}')
            def Activated(self, session_handle, shortcut_id, timestamp, options):
                print('pressed', shortcut_id, flush=True)
        name = dbus.service.BusName('org.freedesktop.impl.portal.desktop.test', bus)
        Backend(bus, '/org/freedesktop/portal/desktop')
        print('ready', flush=True)
        GLib.MainLoop().run()
        """

    private func shortcuts(_ harness: ServiceHarness, _ arguments: [String]) throws -> String {
        let result = try harness.run(try BuiltProducts.path(of: "shortcuts"), arguments)
        #expect(result.status == 0, "\(result.error)")
        return result.output
    }

    private func identifier(_ harness: ServiceHarness, _ name: String) throws -> String {
        let listed = try shortcuts(harness, ["list", "--show-identifiers"])
        let line = try #require(listed.split(separator: "\n").first { $0.hasPrefix(name + " ") })
        return String(try #require(line.split(separator: " ").last)).trimmingCharacters(in: CharacterSet(charactersIn: "()"))
    }

    @Test func aBoundKeyRunsItsShortcutAndAChangedKeyIsBoundAgain() throws {
        let harness = try ServiceHarness()
        let portals = harness.directory + "/portals"
        try FileManager.default.createDirectory(atPath: portals, withIntermediateDirectories: true)
        try Data(
            "[portal]\nDBusName=org.freedesktop.impl.portal.desktop.test\nInterfaces=org.freedesktop.impl.portal.GlobalShortcuts;\nUseIn=test\n"
                .utf8
        ).write(to: URL(fileURLWithPath: portals + "/test.portal"))
        harness.extra["XDG_CURRENT_DESKTOP"] = "test"
        harness.extra["XDG_DESKTOP_PORTAL_DIR"] = portals
        try harness.startBus()
        let greet = try identifier(harness, "Greet")
        _ = try shortcuts(harness, ["set", "Greet", "--keyboard-shortcut", "ctrl+alt+g"])
        let backend = try harness.startPython(Self.backend)
        try harness.waitUntil("the backend is on the bus") { backend().contains("ready") }
        let frontend = try harness.startProcess(portalFrontend, ["-r"])
        try harness.waitUntil("the portal is on the bus") {
            let owned = try? harness.run(
                "/usr/bin/gdbus",
                [
                    "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus", "--method",
                    "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.portal.Desktop",
                ])
            return owned?.output.contains("true") == true
        }
        try harness.startService()

        defer { if !backend().contains("bind \(greet)=CTRL+ALT+g") { Issue.record("\(harness.log)\n\(frontend())\n\(backend())") } }
        try harness.waitUntil("shortcutsd binds its key") { backend().contains("bind \(greet)=CTRL+ALT+g") }
        #expect(backend().contains { $0.hasPrefix("session /org/freedesktop/portal/desktop/session/") && $0.hasSuffix("/swiftshortcuts") })
        try harness.waitUntil("the pressed key ran Greet") {
            let runs = try? harness.run(try BuiltProducts.path(of: "shortcuts"), ["runs", "--json"]).output
            return runs?.contains("\"trigger\":\"Keyboard shortcut\"") == true && runs?.contains("\"name\":\"Greet\"") == true
        }

        let report = try identifier(harness, "Report")
        _ = try shortcuts(harness, ["set", "Report", "--keyboard-shortcut", "LOGO+r"])
        try harness.waitUntil("the changed keys are bound in a new session", timeout: 15) {
            backend().contains { $0.hasPrefix("bind ") && $0.contains("\(report)=LOGO+r") && $0.contains("\(greet)=CTRL+ALT+g") }
        }
        // The backend answers before shortcutsd hears the answer and says so.
        try harness.waitUntil("shortcutsd says it bound both") {
            harness.log.contains("bound 2 keyboard shortcut(s) through the desktop portal")
        }
    }

    @Test func theBusStartsThePortalWhenTheServiceFirstCallsIt() throws {
        let harness = try ServiceHarness()
        let portals = harness.directory + "/portals"
        try FileManager.default.createDirectory(atPath: portals, withIntermediateDirectories: true)
        try Data(
            "[portal]\nDBusName=org.freedesktop.impl.portal.desktop.test\nInterfaces=org.freedesktop.impl.portal.GlobalShortcuts;\nUseIn=test\n"
                .utf8
        ).write(to: URL(fileURLWithPath: portals + "/test.portal"))
        harness.extra["XDG_CURRENT_DESKTOP"] = "test"
        harness.extra["XDG_DESKTOP_PORTAL_DIR"] = portals
        try harness.startBus()
        _ = try shortcuts(harness, ["set", "Greet", "--keyboard-shortcut", "ctrl+alt+g"])
        let backend = try harness.startPython(Self.backend)
        try harness.waitUntil("the backend is on the bus") { backend().contains("ready") }
        try harness.startService()
        // Starting the portal and the services it needs takes a while on a busy machine.
        defer { if !backend().contains(where: { $0.hasPrefix("bind ") }) { Issue.record("\(harness.log)\n\(backend())") } }
        try harness.waitUntil("the activated portal binds the key", timeout: 60) { backend().contains { $0.hasPrefix("bind ") } }
    }
}
