import CSDBusLoader
import Foundation
import RunHistory
import ShortcutsRPC

/// One call to `org.swiftshortcuts.Events1`, its arguments read off the message on the bus
/// thread so the work can happen on another.
struct DBusCall: Sendable {
    enum Method: String, Sendable {
        case listShortcuts = "ListShortcuts"
        case listFolders = "ListFolders"
        case runShortcut = "RunShortcut"
        case runShortcutWithFiles = "RunShortcutWithFiles"
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
            case .cancelRun, .showRun: return "s"
            case .listHistory: return "sss"
            }
        }

        /// How many string arguments come first (before the array, if any).
        var leadingStrings: Int {
            switch self {
            case .listShortcuts, .listFolders, .listRuns: return 0
            case .runShortcut: return 2
            case .runShortcutWithFiles, .cancelRun, .showRun: return 1
            case .listHistory: return 3
            }
        }
    }

    var method: Method
    var strings: [String] = []
    var paths: [String] = []

    /// Reads the call's arguments.
    ///
    /// - Throws: ``ServiceError`` for an unknown method or arguments of the wrong types.
    init(member: String, message: UnsafeMutableRawPointer) throws(ServiceError) {
        guard let method = Method(rawValue: member) else {
            throw ServiceError(
                .unknownMethod, "\(DBusInterface.interface) has no method \(member); Introspect lists its methods")
        }
        self.method = method
        let signature = ssd_message_signature(message).map(String.init(cString:)) ?? ""
        guard signature == method.signature else {
            throw ServiceError(.invalidArguments, "\(member) takes (\(method.signature)), not (\(signature))")
        }
        for _ in 0..<method.leadingStrings {
            var value: UnsafePointer<CChar>?
            guard ssd_read_string(message, &value) >= 0, let value else {
                throw ServiceError(.invalidArguments, "can't read the arguments of \(member)")
            }
            strings.append(String(cString: value))
        }
        if method == .runShortcutWithFiles {
            var collected: [String] = []
            let result = withUnsafeMutablePointer(to: &collected) { pointer in
                ssd_read_string_array(
                    message,
                    { value, context in
                        guard let value, let context else { return }
                        context.assumingMemoryBound(to: [String].self).pointee.append(String(cString: value))
                    }, pointer)
            }
            guard result >= 0 else { throw ServiceError(.invalidArguments, "can't read the paths given to \(member)") }
            paths = collected
        }
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

    /// Does the work (on any thread) and returns the reply to send.
    ///
    /// - Parameter owner: the caller's connection, so its runs are cancelled when it leaves the bus.
    func perform(on service: EventsService, client: ClientIdentity, owner: ObjectIdentifier) -> DBusReply {
        do {
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
            case .runShortcutWithFiles:
                let params = EventsProtocol.RunParams(shortcut: strings[0], inputPaths: paths)
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
