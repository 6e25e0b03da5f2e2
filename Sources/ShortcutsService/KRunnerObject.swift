import DesktopBus
import ShortcutsDesktop

/// A KRunner runner (`org.kde.krunner1`) at `/org/swiftshortcuts/KRunner`: KRunner and the
/// Plasma launcher send what is typed, show the matches and run one. Registered by
/// `krunner/dbusplugins/org.swiftshortcuts.Shortcuts.desktop`.
struct KRunnerObject: DBusObject {
    let service: EventsService
    var path: String { DesktopNames.krunnerPath }
    var interface: String { "org.kde.krunner1" }
    var interfaceXML: String {
        """
         <interface name="org.kde.krunner1">
          <method name="Actions"><arg name="matches" type="a(sss)" direction="out"/></method>
          <method name="Match">
           <arg name="query" type="s" direction="in"/><arg name="matches" type="a(sssida{sv})" direction="out"/>
          </method>
          <method name="Run"><arg name="matchId" type="s" direction="in"/><arg name="actionId" type="s" direction="in"/></method>
          <method name="Teardown"/>
         </interface>

        """
    }

    /// KRunner's match types (`KRunner::QueryMatch::Type`).
    static let exactMatch: Int32 = 100
    static let possibleMatch: Int32 = 30

    /// A match's id carries the text to give as input after a tab, since `Run` gets only the id.
    static func matchID(_ hit: DesktopCatalog.SearchHit) -> String {
        hit.input.map { hit.entry.id + "\t" + $0 } ?? hit.entry.id
    }

    func answer(_ call: DBusIncomingCall) -> DBusReply {
        do throws(ServiceError) {
            try service.policy.check(call.client, doing: call.member)
            switch call.member {
            case "Actions":
                return .values([.array(element: "(sss)", [])])
            case "Teardown":
                return .nothing
            case "Match":
                try call.expect("s")
                let query = call.string(0)
                let matches = service.desktopCatalog().search([query]).map { hit -> DBusValue in
                    let subtext = hit.input.map { "Run with “\($0)”" } ?? hit.entry.subtitle
                    return .structure([
                        .string(Self.matchID(hit)), .string(hit.entry.title), .string(DesktopNames.appID),
                        .int32(hit.relevance >= 0.75 && hit.input == nil ? Self.exactMatch : Self.possibleMatch), .double(hit.relevance),
                        .dictionary([("subtext", .string(subtext)), ("category", .string("Shortcuts"))]),
                    ])
                }
                return .values([.array(element: "(sssida{sv})", matches)])
            case "Run":
                try call.expect("ss")
                let parts = call.string(0).split(separator: "\t", maxSplits: 1).map(String.init)
                guard let id = parts.first,
                    service.activate(id, input: parts.count > 1 ? parts[1] : nil, client: call.client, trigger: "KRunner")
                else { throw ServiceError(.notFound, "no shortcut has the match id \(call.string(0)) any more") }
                return .nothing
            default:
                return unknown(call)
            }
        } catch {
            return .error(name: error.dbusName, message: error.message)
        }
    }
}
