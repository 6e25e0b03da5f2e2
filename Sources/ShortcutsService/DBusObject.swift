import DesktopBus

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
    /// The properties of ``interface``, which `org.freedesktop.DBus.Properties` reads.
    func properties() -> [(String, DBusValue)]
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
    func properties() -> [(String, DBusValue)] { [] }

    /// Answers `Get` and `GetAll` of `org.freedesktop.DBus.Properties`; properties are read-only.
    func answerProperties(_ call: DBusIncomingCall) -> DBusReply {
        let unknownInterface = DBusReply.error(
            name: "org.freedesktop.DBus.Error.UnknownInterface", message: "\(path) has no properties on \(call.string(0))")
        switch (call.member, call.signature) {
        case ("GetAll", "s"):
            return call.string(0) == interface ? .values([.dictionary(properties())]) : unknownInterface
        case ("Get", "ss"):
            guard call.string(0) == interface else { return unknownInterface }
            guard let value = properties().first(where: { $0.0 == call.string(1) })?.1 else {
                return .error(name: "org.freedesktop.DBus.Error.UnknownProperty", message: "\(interface) has no property \(call.string(1))")
            }
            return .values([.variant(value)])
        case ("Set", _):
            return .error(name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "the properties of \(interface) are read-only")
        default:
            return .error(
                name: "org.freedesktop.DBus.Error.UnknownMethod",
                message: "org.freedesktop.DBus.Properties has no method \(call.member)(\(call.signature))")
        }
    }

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
        \(properties().isEmpty ? "" : Self.propertiesXML)\(interfaceXML)</node>

        """
    }

    static var propertiesXML: String {
        """
         <interface name="org.freedesktop.DBus.Properties">
          <method name="Get">
           <arg name="interface_name" type="s" direction="in"/><arg name="property_name" type="s" direction="in"/>
           <arg name="value" type="v" direction="out"/>
          </method>
          <method name="GetAll">
           <arg name="interface_name" type="s" direction="in"/><arg name="properties" type="a{sv}" direction="out"/>
          </method>
          <method name="Set">
           <arg name="interface_name" type="s" direction="in"/><arg name="property_name" type="s" direction="in"/>
           <arg name="value" type="v" direction="in"/>
          </method>
          <signal name="PropertiesChanged">
           <arg name="interface_name" type="s"/><arg name="changed_properties" type="a{sv}"/>
           <arg name="invalidated_properties" type="as"/>
          </signal>
         </interface>

        """
    }

    /// The answer to a method this object doesn't have.
    func unknown(_ call: DBusIncomingCall) -> DBusReply {
        .error(
            name: ServiceError(.unknownMethod, "").dbusName,
            message: "\(interface) has no method \(call.member); Introspect lists its methods")
    }
}
