import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

#if canImport(Glibc)
    import Glibc
#endif

/// Get Current IP Address: the local address from the network interfaces (`getifaddrs`), the
/// external one from an echo service (the `ip-echo` and `ip-echo-v6` services).
enum IPAddress {
    /// `WFIPAddressSourceOption`.
    enum Source: String, ParameterOption {
        case external = "External", local = "Local"
    }

    /// `WFIPAddressTypeOption`.
    enum Family: String, ParameterOption {
        case v4 = "IPv4", v6 = "IPv6"
    }

    static let action = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getipaddress", title: "Get Current IP Address",
            description:
                "Outputs this machine's IP address: External asks an echo service (the ip-echo setting) how the internet sees you; Local reads the first connected network interface.",
            parameters: [
                .option("WFIPAddressSourceOption", title: "Address", default: Source.external),
                .option("WFIPAddressTypeOption", title: "Type", default: Family.v4),
            ],
            outputType: "Text", outputName: "Current IP Address", keywords: ["network", "ipv4", "ipv6", "online"])
    ) { parameters in
        let source = OptionParameter(parameters, "WFIPAddressSourceOption", default: Source.external)
        let family = OptionParameter(parameters, "WFIPAddressTypeOption", default: Family.v4)
        return { _, run in
            let kind = try family.value(in: run)
            switch try source.value(in: run) {
            case .local:
                guard let address = localAddresses(kind).first else {
                    throw ActionFailure(
                        "no network interface has an \(kind.rawValue) address (is this machine connected?)",
                        parameter: "WFIPAddressTypeOption")
                }
                return .text(address)
            case .external:
                let name = kind == .v4 ? "ip-echo" : "ip-echo-v6"
                guard let url = run.environment.services.url(name, path: "") else {
                    throw ActionFailure(
                        "the \(name) service has no URL; set one with shortcuts settings --service \(name)=URL (or default)",
                        parameter: "WFIPAddressSourceOption")
                }
                let response = try run.send(HTTPRequest(url: url), parameter: "WFIPAddressSourceOption")
                let data = response.body
                let text = String(decoding: data.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                guard (200..<300).contains(response.status), isAddress(text, kind) else {
                    throw ActionFailure(
                        "\(url.host ?? name) answered HTTP \(response.status) without an \(kind.rawValue) address",
                        parameter: "WFIPAddressSourceOption")
                }
                return .text(text)
            }
        }
    }

    /// The addresses of the interfaces that are up, loopback last.
    static func localAddresses(_ family: Family) -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var found: [(address: String, loopback: Bool)] = []
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            let flags = Int32(entry.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, let address = entry.pointee.ifa_addr else { continue }
            let wanted = family == .v4 ? AF_INET : AF_INET6
            guard Int32(address.pointee.sa_family) == wanted else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == .v4 ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            var text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let percent = text.firstIndex(of: "%") { text = String(text[..<percent]) }
            // A link-local IPv6 address (fe80::) is no one's address beyond the cable.
            if family == .v6, text.lowercased().hasPrefix("fe80") { continue }
            found.append((text, flags & Int32(IFF_LOOPBACK) != 0))
        }
        return found.filter { !$0.loopback }.map(\.address) + found.filter(\.loopback).map(\.address)
    }

    static func isAddress(_ text: String, _ family: Family) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        return inet_pton(family == .v4 ? AF_INET : AF_INET6, text, &buffer) == 1
    }
}
