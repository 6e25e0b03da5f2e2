import Foundation
import ShortcutsContent
import ShortcutsEngine

/// What Get Device Details reads from this machine: its host name, architecture and system
/// (`/etc/os-release`).
public enum DeviceDetails {
    /// `WFDeviceDetail`'s values.
    public enum Detail: String, CaseIterable, Sendable {
        case deviceName = "Device Name", deviceHostname = "Device Hostname", deviceModel = "Device Model"
        case deviceType = "Device Type", systemVersion = "System Version", systemName = "System Name"
        case screenWidth = "Screen Width", screenHeight = "Screen Height"
    }

    /// The detail a name means, ignoring case and surrounding spaces.
    public static func detail(named name: String) -> Detail? {
        let folded = name.trimmingCharacters(in: .whitespaces).lowercased()
        return Detail(rawValue: name) ?? Detail.allCases.first { $0.rawValue.lowercased() == folded }
    }

    /// A detail of this machine, read from the system.
    public static func value(of detail: Detail) throws -> Content {
        switch detail {
        case .deviceName, .deviceHostname: return .text(ProcessInfo.processInfo.hostName)
        case .deviceModel:
            var names = utsname()
            uname(&names)
            let machine = withUnsafeBytes(of: &names.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return .text(machine)
        case .deviceType: return .text("Computer")
        case .systemName: return .text(osRelease["NAME"] ?? "Linux")
        case .systemVersion:
            return .text(osRelease["VERSION_ID"] ?? osRelease["VERSION"] ?? ProcessInfo.processInfo.operatingSystemVersionString)
        case .screenWidth, .screenHeight:
            throw ActionFailure("the screen size isn't known on Linux without a desktop session", parameter: "WFDeviceDetail")
        }
    }

    /// The fields of `/etc/os-release` (`NAME`, `VERSION_ID`…), unquoted.
    package static var osRelease: [String: String] {
        guard let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) else { return [:] }
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let value = line[line.index(after: equals)...].trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            fields[String(line[..<equals])] = value
        }
        return fields
    }
}
