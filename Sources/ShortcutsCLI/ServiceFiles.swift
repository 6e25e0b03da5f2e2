/// The files that start `shortcutsd` on demand: a D-Bus activation file and a systemd user
/// unit. `shortcuts service install` writes them for the user; Packaging/ holds the same files
/// for `/usr/local/bin/shortcutsd`, and a test keeps the two in step.
enum ServiceFiles {
    static let activationFileName = "org.swiftshortcuts.Events.service"
    static let unitFileName = "shortcutsd.service"

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

    /// The systemd user unit: ready once it owns its bus name; SIGTERM lets runs finish.
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
