/// One object the service serves on the session bus: its path, its interface and the
/// introspection data `gdbus`, `busctl` and python3-dbus read to type their calls.
protocol DBusObject: Sendable {
    var path: String { get }
    /// The interface its methods are on; calls on others are refused as unknown.
    var interface: String { get }
    /// The `<interface>` element (and any others) for Introspect; the standard ones are added.
    var interfaceXML: String { get }
    /// Answers one call, on a thread of its own (never the bus thread).
    func answer(_ call: DBusIncomingCall) -> DBusReply
}

/// A method call with its arguments read off the message, and who made it.
struct DBusIncomingCall: Sendable {
    var member: String
    /// The arguments' signature, e.g. `sas`.
    var signature: String
    var arguments: [DBusValue]
    var client: ClientIdentity
    /// The caller's connection, so its runs are cancelled when it leaves the bus.
    var owner: ObjectIdentifier

    /// Refuses a call whose arguments aren't of the signature the method takes.
    func expect(_ expected: String) throws(ServiceError) {
        guard signature == expected else { throw ServiceError(.invalidArguments, "\(member) takes (\(expected)), not (\(signature))") }
    }

    func string(_ index: Int) -> String { arguments.indices.contains(index) ? arguments[index].text ?? "" : "" }
    func strings(_ index: Int) -> [String] { arguments.indices.contains(index) ? arguments[index].textElements : [] }
}

extension DBusObject {
    /// The Introspect answer: the standard interfaces, then the object's own.
    var introspection: String {
        """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>
         <interface name="org.freedesktop.DBus.Introspectable">
          <method name="Introspect"><arg name="xml_data" type="s" direction="out"/></method>
         </interface>
         <interface name="org.freedesktop.DBus.Peer">
          <method name="Ping"/>
          <method name="GetMachineId"><arg name="machine_uuid" type="s" direction="out"/></method>
         </interface>
        \(interfaceXML)</node>

        """
    }

    /// The answer to a method this object doesn't have.
    func unknown(_ call: DBusIncomingCall) -> DBusReply {
        .error(
            name: ServiceError(.unknownMethod, "").dbusName,
            message: "\(interface) has no method \(call.member); Introspect lists its methods")
    }
}
