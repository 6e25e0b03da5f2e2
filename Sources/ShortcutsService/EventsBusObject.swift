import DesktopBus
import Foundation
import RunHistory
import ShortcutsRPC

/// `org.swiftshortcuts.Events1` at `/org/swiftshortcuts/Events`: the library and runs, as the
/// socket offers them.
struct EventsBusObject: DBusObject {
    let service: EventsService
    var path: String { DBusInterface.objectPath }
    var interface: String { DBusInterface.interface }
    var interfaceXML: String { DBusInterface.eventsXML }

    enum Method: String, Sendable {
        case listShortcuts = "ListShortcuts"
        case listFolders = "ListFolders"
        case runShortcut = "RunShortcut"
        case runShortcutWithFiles = "RunShortcutWithFiles"
        case runShortcutWithOptions = "RunShortcutWithOptions"
        case importShortcut = "ImportShortcut"
        case cancelRun = "CancelRun"
        case listRuns = "ListRuns"
        case listHistory = "ListHistory"
        case showRun = "ShowRun"

        /// The signature of the arguments.
        var signature: String {
            switch self {
            case .listShortcuts, .listFolders, .listRuns: return ""
            case .runShortcut: return "ss"
            case .runShortcutWithFiles: return "sas"
            case .runShortcutWithOptions: return "ssa{sv}"
            case .importShortcut: return "sa{sv}"
            case .cancelRun, .showRun: return "s"
            case .listHistory: return "sss"
            }
        }
    }

    /// An `a{sv}` of options as (key, value) pairs, each value taken out of its variant.
    static func options(_ dictionary: DBusValue) -> [(String, DBusValue)] {
        guard case .array(_, let entries) = dictionary else { return [] }
        return entries.compactMap { entry in
            guard case .entry(.string(let key), let value) = entry else { return nil }
            if case .variant(let inner) = value { return (key, inner) }
            return (key, value)
        }
    }

    /// `RunShortcutWithOptions`'s options: `timeout` (seconds, any number type: D-Bus gives a
    /// call's timeout to the caller only, so a caller that will stop waiting says when) and
    /// `runID` (s). Others are refused by name, so a misspelt option isn't silently ignored.
    static func runParams(shortcut: String, input: String, options: DBusValue) throws(ServiceError) -> EventsProtocol.RunParams {
        var params = EventsProtocol.RunParams(shortcut: shortcut, input: input)
        for (key, unwrapped) in Self.options(options) {
            switch (key, unwrapped) {
            case ("timeout", .double(let seconds)): params.timeoutSeconds = seconds
            case ("timeout", .int32(let seconds)): params.timeoutSeconds = Double(seconds)
            case ("timeout", .uint32(let seconds)): params.timeoutSeconds = Double(seconds)
            case ("timeout", .int64(let seconds)): params.timeoutSeconds = Double(seconds)
            case ("timeout", .uint64(let seconds)): params.timeoutSeconds = Double(seconds)
            case ("runID", .string(let id)): params.runID = id
            case ("timeout", _), ("runID", _):
                throw ServiceError(
                    .invalidArguments, "the option \(key) of RunShortcutWithOptions has the wrong type (\(unwrapped.signature))")
            default:
                throw ServiceError(.invalidArguments, "RunShortcutWithOptions has no option \(key); it takes timeout and runID")
            }
        }
        return params
    }

    /// `ImportShortcut`'s options: `name`, `folder` (s), `replace`, `allowUnverified`,
    /// `ignoreSignature` (b). Others are refused by name.
    static func importParams(source: String, options: DBusValue) throws(ServiceError) -> EventsProtocol.ImportParams {
        var params = EventsProtocol.ImportParams(source: source)
        for (key, unwrapped) in Self.options(options) {
            switch (key, unwrapped) {
            case ("name", .string(let text)): params.name = text
            case ("folder", .string(let text)): params.folder = text
            case ("replace", .bool(let flag)): params.replace = flag
            case ("allowUnverified", .bool(let flag)): params.allowUnverified = flag
            case ("ignoreSignature", .bool(let flag)): params.ignoreSignature = flag
            case ("name", _), ("folder", _), ("replace", _), ("allowUnverified", _), ("ignoreSignature", _):
                throw ServiceError(.invalidArguments, "the option \(key) of ImportShortcut has the wrong type (\(unwrapped.signature))")
            default:
                throw ServiceError(
                    .invalidArguments,
                    "ImportShortcut has no option \(key); it takes name, folder, replace, allowUnverified and ignoreSignature")
            }
        }
        return params
    }

    /// A past run as D-Bus sees it: strings and numbers, empty or absent where there is none.
    static func dictionary(_ run: RunRecord) -> [(String, DBusValue)] {
        var entry: [(String, DBusValue)] = [
            ("runID", .string(run.id)), ("shortcut", .string(run.shortcut)), ("identifier", .string(run.identifier ?? "")),
            ("trigger", .string(run.trigger)), ("start", .string(HistoryDates.text(run.start))),
            ("end", .string(run.end.map(HistoryDates.text) ?? "")), ("status", .string(run.status.rawValue)),
        ]
        if let failure = run.failure {
            entry.append(("errorMessage", .string(failure.message)))
            entry.append(("errorCode", .string(failure.code)))
            if let index = failure.actionIndex { entry.append(("errorActionIndex", .int32(Int32(clamping: index)))) }
            if let identifier = failure.identifier { entry.append(("errorIdentifier", .string(identifier))) }
            if let parameter = failure.parameter { entry.append(("errorParameter", .string(parameter))) }
        }
        return entry
    }

    func answer(_ call: DBusIncomingCall) -> DBusReply {
        guard let method = Method(rawValue: call.member) else { return unknown(call) }
        let (client, owner, strings) = (call.client, call.owner, call.arguments.map { $0.text ?? "" })
        do {
            try call.expect(method.signature)
            try service.policy.check(client, doing: method.rawValue)
            switch method {
            case .listShortcuts:
                return .dictionaries(
                    try service.listShortcuts().map { shortcut in
                        [
                            ("name", .string(shortcut.name)), ("identifier", .string(shortcut.identifier)),
                            ("folder", .string(shortcut.folder ?? "")), ("color", .uint32(shortcut.color ?? 0)),
                            ("actionCount", .int32(Int32(clamping: shortcut.actionCount))), ("acceptsInput", .bool(shortcut.acceptsInput)),
                        ]
                    })
            case .listFolders:
                return .dictionaries(
                    service.listFolders().map {
                        [("name", .string($0.name)), ("shortcutCount", .int32(Int32(clamping: $0.shortcutCount)))]
                    })
            case .listRuns:
                return .dictionaries(
                    service.listRuns().map { run in
                        [("runID", .string(run.runID)), ("shortcut", .string(run.shortcut)), ("clientProcess", .int32(run.clientProcess))]
                    })
            case .runShortcut:
                let params = EventsProtocol.RunParams(shortcut: strings[0], input: strings[1])
                return .string(try service.run(params, client: client, owner: owner, front: RunFront(trigger: "D-Bus")).output)
            case .runShortcutWithOptions:
                let params = try Self.runParams(shortcut: strings[0], input: strings[1], options: call.arguments[2])
                return .string(try service.run(params, client: client, owner: owner, front: RunFront(trigger: "D-Bus")).output)
            case .importShortcut:
                let imported = try service.importShortcut(
                    try Self.importParams(source: strings[0], options: call.arguments[1]), client: client)
                return .values([
                    .dictionary([
                        ("name", .string(imported.name)), ("identifier", .string(imported.identifier)),
                        ("signer", .string(imported.signer ?? "")),
                    ])
                ])
            case .runShortcutWithFiles:
                let params = EventsProtocol.RunParams(shortcut: strings[0], inputPaths: call.strings(1))
                return .strings(try service.run(params, client: client, owner: owner, front: RunFront(trigger: "D-Bus")).outputPaths ?? [])
            case .listHistory:
                let params = EventsProtocol.HistoryParams(shortcut: strings[0], status: strings[1], since: strings[2])
                return .dictionaries(try service.history(params).map(Self.dictionary))
            case .showRun:
                return .string(try service.runDetails(EventsProtocol.RunIDParams(runID: strings[0])).json.text)
            case .cancelRun:
                let run = strings[0]
                let byID = service.cancel(EventsProtocol.CancelParams(runID: run))
                let count = byID > 0 ? byID : service.cancel(EventsProtocol.CancelParams(shortcut: run))
                return .uint32(UInt32(count))
            }
        } catch {
            return .error(name: error.dbusName, message: error.message)
        }
    }
}
