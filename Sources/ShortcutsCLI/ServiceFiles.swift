import ShortcutsDesktop

/// The files that start `shortcutsd` on demand, a D-Bus activation file and a systemd user
/// unit, and the Shortcuts app's entry in the desktop's app menu with its icon. `shortcuts
/// service install` writes them for the user; Packaging/ holds the same files for
/// `/usr/local/bin`, and a test keeps the two in step.
enum ServiceFiles {
    static let activationFileName = "org.swiftshortcuts.Events.service"
    static let unitFileName = "shortcutsd.service"
    static let desktopFileName = "org.swiftshortcuts.Shortcuts.desktop"
    static let iconFileName = "org.swiftshortcuts.Shortcuts.svg"

    /// The app menu's entry for the Shortcuts app: `shortcuts app` opens it in the browser
    /// (`shortcuts desktop install` adds the menu-bar shortcuts to it as actions).
    static func desktopEntry(shortcuts: String) -> String {
        DesktopFiles.appEntry(shortcuts: shortcuts)
    }

    /// The app's icon (the page's own `icon.svg`, which a test keeps the same).
    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff5a7a"/><stop offset="1" stop-color="#3b6cff"/></linearGradient></defs><rect x="2" y="2" width="28" height="28" rx="8" fill="url(#g)"/><path d="M10 12l6-4 6 4-6 4z M10 17l6 4 6-4" fill="none" stroke="#fff" stroke-width="2.2" stroke-linejoin="round"/></svg>

        """

    /// The D-Bus activation file: the bus starts the unit (or, without systemd, `Exec`).
    static func activation(executable: String) -> String {
        """
        # D-Bus activation for the Shortcuts Events service: a call to org.swiftshortcuts.Events
        # starts shortcutsd (through systemd when the bus uses it). See docs/SERVICE.md.
        [D-BUS Service]
        Name=org.swiftshortcuts.Events
        Exec=\(executable)
        SystemdService=shortcutsd.service

        """
    }

    /// The systemd user unit: ready once it owns its bus name; SIGTERM cancels the runs in progress.
    static func unit(executable: String) -> String {
        """
        # The Shortcuts Events service for one user. See docs/SERVICE.md.
        [Unit]
        Description=Shortcuts Events (lists and runs your shortcuts for other programs)
        Documentation=https://github.com/swift-shortcuts/swift-shortcuts/blob/main/docs/SERVICE.md

        [Service]
        Type=dbus
        BusName=org.swiftshortcuts.Events
        ExecStart=\(executable)
        KillSignal=SIGTERM
        TimeoutStopSec=20

        [Install]
        WantedBy=default.target

        """
    }
}
