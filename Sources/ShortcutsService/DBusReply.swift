import CSDBusLoader
import DesktopBus

/// What a method call answers, built into an sd-bus reply on the bus thread.
enum DBusReply: Sendable {
    case values([DBusValue])
    case error(name: String, message: String)

    static func string(_ value: String) -> DBusReply { .values([.string(value)]) }
    static func strings(_ values: [String]) -> DBusReply { .values([.strings(values)]) }
    static func uint32(_ value: UInt32) -> DBusReply { .values([.uint32(value)]) }
    static let nothing = DBusReply.values([])

    /// `aa{sv}`: a list of dictionaries.
    static func dictionaries(_ dictionaries: [[(String, DBusValue)]]) -> DBusReply {
        .values([.array(element: "a{sv}", dictionaries.map(DBusValue.dictionary))])
    }

    /// Sends the reply to `call`; returns sd-bus's result.
    @discardableResult
    func send(to call: UnsafeMutableRawPointer) -> Int32 {
        switch self {
        case .error(let name, let message):
            return ssd_reply_error(call, name, message)
        case .values(let values):
            var reply: UnsafeMutableRawPointer?
            let result = ssd_reply_new(call, &reply)
            guard result >= 0, let reply else { return result }
            guard DBusValue.append(values, to: reply) >= 0 else {
                ssd_message_unref(reply)
                return ssd_reply_error(call, "org.freedesktop.DBus.Error.Failed", "shortcutsd couldn't build its answer")
            }
            return ssd_send(reply)
        }
    }
}
