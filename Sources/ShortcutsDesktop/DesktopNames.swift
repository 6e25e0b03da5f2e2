/// The names the desktop knows Shortcuts by: the app id (its `.desktop` file and icon), and the
/// service's bus name and objects that search and the menu bar call.
public enum DesktopNames {
    /// The application id: `org.swiftshortcuts.Shortcuts.desktop`, the icon's name.
    public static let appID = "org.swiftshortcuts.Shortcuts"
    public static let busName = "org.swiftshortcuts.Events"
    public static let searchProviderPath = "/org/swiftshortcuts/SearchProvider"
    public static let krunnerPath = "/org/swiftshortcuts/KRunner"
}
