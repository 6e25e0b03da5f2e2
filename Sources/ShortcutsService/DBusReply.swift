import CSDBusLoader

/// A value inside an `a{sv}` dictionary.
enum DBusValue {
    case string(String)
    case uint32(UInt32)
    case int32(Int32)
    case bool(Bool)

    var signature: String {
        switch self {
        case .string: return "s"
        case .uint32: return "u"
        case .int32: return "i"
        case .bool: return "b"
        }
    }
}

/// What a method call answers, built into an sd-bus reply on the bus thread.
enum DBusReply {
    case string(String)
    case strings([String])
    case uint32(UInt32)
    /// `aa{sv}`: a list of dictionaries.
    case dictionaries([[(String, DBusValue)]])
    case error(name: String, message: String)

    /// Sends the reply to `call`; returns sd-bus's result.
    @discardableResult
    func send(to call: UnsafeMutableRawPointer) -> Int32 {
        if case .error(let name, let message) = self { return ssd_reply_error(call, name, message) }
        var reply: UnsafeMutableRawPointer?
        var result = ssd_reply_new(call, &reply)
        guard result >= 0, let reply else { return result }
        switch self {
        case .string(let value):
            result = ssd_append_string(reply, value)
        case .strings(let values):
            result = ssd_open_container(reply, CChar(UInt8(ascii: "a")), "s")
            for value in values where result >= 0 { result = ssd_append_string(reply, value) }
            if result >= 0 { result = ssd_close_container(reply) }
        case .uint32(let value):
            result = ssd_append_uint32(reply, value)
        case .dictionaries(let dictionaries):
            result = Self.append(dictionaries, to: reply)
        case .error:
            break
        }
        guard result >= 0 else {
            ssd_message_unref(reply)
            return ssd_reply_error(call, "org.freedesktop.DBus.Error.Failed", "shortcutsd couldn't build its answer (error \(-result))")
        }
        return ssd_send(reply)
    }

    private static func append(_ dictionaries: [[(String, DBusValue)]], to message: UnsafeMutableRawPointer) -> Int32 {
        let (a, e, v) = (CChar(UInt8(ascii: "a")), CChar(UInt8(ascii: "e")), CChar(UInt8(ascii: "v")))
        var result = ssd_open_container(message, a, "a{sv}")
        for dictionary in dictionaries where result >= 0 {
            result = ssd_open_container(message, a, "{sv}")
            for (key, value) in dictionary where result >= 0 {
                result = ssd_open_container(message, e, "sv")
                if result >= 0 { result = ssd_append_string(message, key) }
                if result >= 0 { result = ssd_open_container(message, v, value.signature) }
                if result >= 0 {
                    switch value {
                    case .string(let text): result = ssd_append_string(message, text)
                    case .uint32(let number): result = ssd_append_uint32(message, number)
                    case .int32(let number): result = ssd_append_int32(message, number)
                    case .bool(let flag): result = ssd_append_bool(message, flag ? 1 : 0)
                    }
                }
                if result >= 0 { result = ssd_close_container(message) }
                if result >= 0 { result = ssd_close_container(message) }
            }
            if result >= 0 { result = ssd_close_container(message) }
        }
        if result >= 0 { result = ssd_close_container(message) }
        return result
    }
}
