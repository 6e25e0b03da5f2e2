import DesktopBus
import ShortcutsDesktop

/// GNOME Shell's search provider (`org.gnome.Shell.SearchProvider2`) at
/// `/org/swiftshortcuts/SearchProvider`: the shell asks for results as the person types, shows
/// them, and activates one. Registered by `gnome-shell/search-providers/org.swiftshortcuts.Shortcuts.ini`.
struct SearchProviderObject: DBusObject {
    static let path = DesktopNames.searchProviderPath
    let service: EventsService
    var path: String { Self.path }
    var interface: String { "org.gnome.Shell.SearchProvider2" }
    var interfaceXML: String {
        """
         <interface name="org.gnome.Shell.SearchProvider2">
          <method name="GetInitialResultSet">
           <arg name="terms" type="as" direction="in"/><arg name="results" type="as" direction="out"/>
          </method>
          <method name="GetSubsearchResultSet">
           <arg name="previous_results" type="as" direction="in"/><arg name="terms" type="as" direction="in"/>
           <arg name="results" type="as" direction="out"/>
          </method>
          <method name="GetResultMetas">
           <arg name="identifiers" type="as" direction="in"/><arg name="metas" type="aa{sv}" direction="out"/>
          </method>
          <method name="ActivateResult">
           <arg name="identifier" type="s" direction="in"/><arg name="terms" type="as" direction="in"/>
           <arg name="timestamp" type="u" direction="in"/>
          </method>
          <method name="LaunchSearch">
           <arg name="terms" type="as" direction="in"/><arg name="timestamp" type="u" direction="in"/>
          </method>
         </interface>

        """
    }

    /// The icon every result shows, as `g_icon_serialize` writes a themed icon.
    static let icon = DBusValue.structure([.string("themed"), .variant(.strings([DesktopNames.appID]))])

    func answer(_ call: DBusIncomingCall) -> DBusReply {
        do throws(ServiceError) {
            try service.policy.check(call.client, doing: call.member)
            switch call.member {
            case "GetInitialResultSet":
                try call.expect("as")
                return .strings(service.desktopCatalog().search(call.strings(0)).map(\.entry.id))
            case "GetSubsearchResultSet":
                try call.expect("asas")
                let previous = Set(call.strings(0))
                return .strings(service.desktopCatalog().search(call.strings(1)).map(\.entry.id).filter(previous.contains))
            case "GetResultMetas":
                try call.expect("as")
                let catalog = service.desktopCatalog()
                return .dictionaries(
                    call.strings(0).compactMap { id in
                        catalog.entry(id: id).map { entry in
                            [
                                ("id", .string(id)), ("name", .string(entry.title)), ("description", .string(entry.subtitle)),
                                ("icon", Self.icon),
                            ]
                        }
                    })
            case "ActivateResult":
                try call.expect("sasu")
                let id = call.string(0)
                let input = service.desktopCatalog().search(call.strings(1)).first { $0.entry.id == id }?.input
                guard service.activate(id, input: input, client: call.client, trigger: "GNOME Shell search") else {
                    throw ServiceError(.notFound, "no shortcut has the search result id \(id) any more")
                }
                return .nothing
            case "LaunchSearch":
                try call.expect("asu")
                _ = try service.openAppInBrowser()
                return .nothing
            default:
                return unknown(call)
            }
        } catch {
            return .error(name: error.dbusName, message: error.message)
        }
    }
}
