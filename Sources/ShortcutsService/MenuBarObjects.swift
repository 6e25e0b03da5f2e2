import DesktopBus
import ShortcutsDesktop

/// The tray item (`org.kde.StatusNotifierItem` at `/StatusNotifierItem`), which KDE, XFCE,
/// Cinnamon, waybar and GNOME's AppIndicator extension show; its menu is ``DBusMenuObject``.
struct StatusNotifierItemObject: DBusObject {
    static let path = "/StatusNotifierItem"
    let menuBar: MenuBar
    let service: EventsService
    var path: String { Self.path }
    var interface: String { "org.kde.StatusNotifierItem" }
    var interfaceXML: String {
        """
         <interface name="org.kde.StatusNotifierItem">
          <property name="Category" type="s" access="read"/>
          <property name="Id" type="s" access="read"/>
          <property name="Title" type="s" access="read"/>
          <property name="Status" type="s" access="read"/>
          <property name="WindowId" type="i" access="read"/>
          <property name="IconName" type="s" access="read"/>
          <property name="AttentionIconName" type="s" access="read"/>
          <property name="OverlayIconName" type="s" access="read"/>
          <property name="ToolTip" type="(sa(iiay)ss)" access="read"/>
          <property name="ItemIsMenu" type="b" access="read"/>
          <property name="Menu" type="o" access="read"/>
          <method name="ContextMenu"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/></method>
          <method name="Activate"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/></method>
          <method name="SecondaryActivate"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/></method>
          <method name="Scroll"><arg name="delta" type="i" direction="in"/><arg name="orientation" type="s" direction="in"/></method>
          <signal name="NewTitle"/>
          <signal name="NewIcon"/>
          <signal name="NewToolTip"/>
          <signal name="NewStatus"><arg name="status" type="s"/></signal>
         </interface>

        """
    }

    /// Active while any shortcut is pinned; trays hide a passive item.
    static func status(_ layout: MenuBar.Layout) -> String { layout.pinned > 0 ? "Active" : "Passive" }

    static func toolTip(_ layout: MenuBar.Layout) -> String {
        layout.running == 0 ? "\(layout.pinned) shortcut(s) in the menu bar" : "\(layout.running) shortcut(s) running"
    }

    func properties() -> [(String, DBusValue)] {
        let layout = menuBar.layout
        return [
            ("Category", .string("ApplicationStatus")), ("Id", .string("swiftshortcuts")), ("Title", .string("Shortcuts")),
            ("Status", .string(Self.status(layout))), ("WindowId", .int32(0)), ("IconName", .string(DesktopNames.appID)),
            ("AttentionIconName", .string("")), ("OverlayIconName", .string("")),
            (
                "ToolTip",
                .structure([
                    .string(DesktopNames.appID), .array(element: "(iiay)", []), .string("Shortcuts"), .string(Self.toolTip(layout)),
                ])
            ),
            ("ItemIsMenu", .bool(true)), ("Menu", .objectPath(DBusMenuObject.path)),
        ]
    }

    func answer(_ call: DBusIncomingCall) -> DBusReply {
        switch call.member {
        case "Activate":
            // A tray that activates instead of showing the menu opens the app.
            do throws(ServiceError) {
                try service.policy.check(call.client, doing: "Activate")
                _ = try service.openAppInBrowser()
                return .nothing
            } catch {
                return .error(name: error.dbusName, message: error.message)
            }
        case "ContextMenu", "SecondaryActivate", "Scroll":
            return .nothing
        default:
            return unknown(call)
        }
    }
}

/// The tray item's menu (`com.canonical.dbusmenu` at `/MenuBar`): the tray reads its layout
/// and sends an event when an item is clicked.
struct DBusMenuObject: DBusObject {
    static let path = "/MenuBar"
    let menuBar: MenuBar
    let service: EventsService
    var path: String { Self.path }
    var interface: String { "com.canonical.dbusmenu" }
    var interfaceXML: String {
        """
         <interface name="com.canonical.dbusmenu">
          <property name="Version" type="u" access="read"/>
          <property name="TextDirection" type="s" access="read"/>
          <property name="Status" type="s" access="read"/>
          <property name="IconThemePath" type="as" access="read"/>
          <method name="GetLayout">
           <arg name="parentId" type="i" direction="in"/><arg name="recursionDepth" type="i" direction="in"/>
           <arg name="propertyNames" type="as" direction="in"/>
           <arg name="revision" type="u" direction="out"/><arg name="layout" type="(ia{sv}av)" direction="out"/>
          </method>
          <method name="GetGroupProperties">
           <arg name="ids" type="ai" direction="in"/><arg name="propertyNames" type="as" direction="in"/>
           <arg name="properties" type="a(ia{sv})" direction="out"/>
          </method>
          <method name="GetProperty">
           <arg name="id" type="i" direction="in"/><arg name="name" type="s" direction="in"/><arg name="value" type="v" direction="out"/>
          </method>
          <method name="Event">
           <arg name="id" type="i" direction="in"/><arg name="eventId" type="s" direction="in"/>
           <arg name="data" type="v" direction="in"/><arg name="timestamp" type="u" direction="in"/>
          </method>
          <method name="EventGroup">
           <arg name="events" type="a(isvu)" direction="in"/><arg name="idErrors" type="ai" direction="out"/>
          </method>
          <method name="AboutToShow"><arg name="id" type="i" direction="in"/><arg name="needUpdate" type="b" direction="out"/></method>
          <method name="AboutToShowGroup">
           <arg name="ids" type="ai" direction="in"/><arg name="updatesNeeded" type="ai" direction="out"/>
           <arg name="idErrors" type="ai" direction="out"/>
          </method>
          <signal name="ItemsPropertiesUpdated">
           <arg name="updatedProps" type="a(ia{sv})"/><arg name="removedProps" type="a(ias)"/>
          </signal>
          <signal name="LayoutUpdated"><arg name="revision" type="u"/><arg name="parent" type="i"/></signal>
          <signal name="ItemActivationRequested"><arg name="id" type="i"/><arg name="timestamp" type="u"/></signal>
         </interface>

        """
    }

    func properties() -> [(String, DBusValue)] {
        [("Version", .uint32(3)), ("TextDirection", .string("ltr")), ("Status", .string("normal")), ("IconThemePath", .strings([]))]
    }

    /// An item and, `depth` levels down (all for -1), its children, as `(ia{sv}av)`.
    static func node(_ id: Int32, in layout: MenuBar.Layout, depth: Int, names: Set<String>) -> DBusValue? {
        guard let item = layout.items[id] else { return nil }
        let properties = item.properties.filter { names.isEmpty || names.contains($0.0) }
        let children =
            depth == 0 ? [] : item.children.compactMap { node($0, in: layout, depth: depth - 1, names: names).map(DBusValue.variant) }
        return .structure([.int32(item.id), .dictionary(properties), .array(element: "v", children)])
    }

    func answer(_ call: DBusIncomingCall) -> DBusReply {
        do throws(ServiceError) {
            try service.policy.check(call.client, doing: call.member)
            let layout = menuBar.layout
            switch call.member {
            case "GetLayout":
                try call.expect("iias")
                let id = Int32(clamping: call.arguments[0].integer ?? 0)
                guard let node = Self.node(id, in: layout, depth: call.arguments[1].integer ?? -1, names: Set(call.strings(2))) else {
                    throw ServiceError(.notFound, "the menu has no item \(id)")
                }
                return .values([.uint32(layout.revision), node])
            case "GetGroupProperties":
                try call.expect("aias")
                let names = Set(call.strings(1))
                let wanted = call.arguments[0].elements.compactMap(\.integer).map { Int32(clamping: $0) }
                let ids = wanted.isEmpty ? layout.items.keys.sorted() : wanted
                let entries = ids.compactMap { id in
                    layout.items[id].map { item in
                        DBusValue.structure([.int32(id), .dictionary(item.properties.filter { names.isEmpty || names.contains($0.0) })])
                    }
                }
                return .values([.array(element: "(ia{sv})", entries)])
            case "GetProperty":
                try call.expect("is")
                let id = Int32(clamping: call.arguments[0].integer ?? 0)
                guard let value = layout.items[id]?.properties.first(where: { $0.0 == call.string(1) })?.1 else {
                    throw ServiceError(.notFound, "the menu's item \(id) has no property \(call.string(1))")
                }
                return .values([.variant(value)])
            case "Event":
                try call.expect("isvu")
                if call.string(1) == "clicked" {
                    try menuBar.activate(Int32(clamping: call.arguments[0].integer ?? 0), client: call.client)
                }
                return .nothing
            case "EventGroup":
                try call.expect("a(isvu)")
                var errors: [DBusValue] = []
                for case .structure(let fields) in call.arguments[0].elements where fields.count == 4 {
                    let id = Int32(clamping: fields[0].integer ?? 0)
                    guard fields[1].text == "clicked" else { continue }
                    do throws(ServiceError) { try menuBar.activate(id, client: call.client) } catch { errors.append(.int32(id)) }
                }
                return .values([.array(element: "i", errors)])
            case "AboutToShow":
                try call.expect("i")
                return .values([.bool(menuBar.refresh())])
            case "AboutToShowGroup":
                try call.expect("ai")
                return .values([.array(element: "i", []), .array(element: "i", [])])
            default:
                return unknown(call)
            }
        } catch {
            return .error(name: error.dbusName, message: error.message)
        }
    }
}
