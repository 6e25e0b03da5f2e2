import Foundation

/// The freedesktop services the device, desktop and media actions call over D-Bus.
extension RequiredService {
    public static let upower = RequiredService(title: "UPower", busName: "org.freedesktop.UPower", bus: "system", package: "upower")
    public static let powerProfiles = RequiredService(
        title: "power-profiles-daemon", busName: "net.hadess.PowerProfiles", bus: "system", package: "power-profiles-daemon")
    public static let networkManager = RequiredService(
        title: "NetworkManager", busName: "org.freedesktop.NetworkManager", bus: "system", package: "network-manager")
    public static let bluez = RequiredService(title: "BlueZ", busName: "org.bluez", bus: "system", package: "bluez")
    public static let logind = RequiredService(
        title: "systemd-logind", busName: "org.freedesktop.login1", bus: "system", package: "systemd")
    public static let notifications = RequiredService(
        title: "a notification server", busName: "org.freedesktop.Notifications", bus: "session",
        package: "your desktop's notifications, or notification-daemon")
    public static let screenSaver = RequiredService(
        title: "the screen saver", busName: "org.freedesktop.ScreenSaver", bus: "session", package: "your desktop's screen locker")
    public static let mediaPlayer = RequiredService(
        title: "a media player", busName: "org.mpris.MediaPlayer2.", bus: "session",
        package: "a player that speaks MPRIS, e.g. vlc, rhythmbox, or mpv with mpv-mpris")
    public static let fileManager = RequiredService(
        title: "a file manager", busName: "org.freedesktop.FileManager1", bus: "session",
        package: "nautilus, dolphin or another file manager")
    public static let portal = RequiredService(
        title: "the XDG desktop portal", busName: "org.freedesktop.portal.Desktop", bus: "session", package: "xdg-desktop-portal")
    public static let geoclue = RequiredService(
        title: "GeoClue", busName: "org.freedesktop.GeoClue2", bus: "system", package: "geoclue-2.0")
}
