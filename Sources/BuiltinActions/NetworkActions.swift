import DesktopBus
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Radios and networks: Set Wi-Fi, Set Cellular Data, Set Airplane Mode and Get Network Details
/// through NetworkManager; Set Bluetooth through BlueZ.
enum NetworkActions {
    static let all: [ActionDefinition] = [wifi, cellularData, airplaneMode, bluetooth, networkDetails]

    static let path = "/org/freedesktop/NetworkManager"
    static let interface = "org.freedesktop.NetworkManager"

    /// A Set action over one of NetworkManager's Boolean radio switches.
    static func radioSwitch(_ identifier: String, _ title: String, label: String, property: String, keywords: [String]) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: identifier, title: title,
                description: "Turns \(label) on or off, or toggles it (NetworkManager's \(property)).",
                parameters: SwitchParameters.metadata(label), isReadOnly: false, keywords: keywords
            ).needing(.networkManager),
            passesInputThrough: true
        ) { parameters in
            let switchValue = SwitchParameters(parameters)
            return { input, run in
                let network = try ServiceClient(.networkManager, for: run)
                let on = try switchValue.wanted(in: run) { try network.property(path, interface, property).bool ?? false }
                try network.setProperty(path, interface, property, to: .bool(on))
                return input
            }
        }
    }

    static let wifi = radioSwitch(
        "is.workflow.actions.wifi.set", "Set Wi-Fi", label: "Wi-Fi", property: "WirelessEnabled", keywords: ["wifi", "wireless", "wlan"])
    static let cellularData = radioSwitch(
        "is.workflow.actions.cellulardata.set", "Set Cellular Data", label: "Cellular Data", property: "WwanEnabled",
        keywords: ["mobile data", "wwan", "modem"])

    static let airplaneMode = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.airplanemode.set", title: "Set Airplane Mode",
            description:
                "Turns every radio off (Wi-Fi and mobile broadband through NetworkManager, Bluetooth through BlueZ when it runs), or back on; or toggles them.",
            parameters: SwitchParameters.metadata("Airplane Mode"), isReadOnly: false, keywords: ["flight mode", "radios", "offline"]
        ).needing(.networkManager),
        passesInputThrough: true
    ) { parameters in
        let switchValue = SwitchParameters(parameters)
        return { input, run in
            let network = try ServiceClient(.networkManager, for: run)
            let on = try switchValue.wanted(in: run) {
                let wireless = try network.property(path, interface, "WirelessEnabled").bool ?? false
                let wwan = try network.property(path, interface, "WwanEnabled").bool ?? false
                return !wireless && !wwan
            }
            try network.setProperty(path, interface, "WirelessEnabled", to: .bool(!on))
            try network.setProperty(path, interface, "WwanEnabled", to: .bool(!on))
            // Bluetooth follows where BlueZ runs; a machine without it has no Bluetooth radio.
            if let bluez = try? ServiceClient(.bluez, for: run), let adapters = try? adapters(bluez) {
                for adapter in adapters { try bluez.setProperty(adapter, "org.bluez.Adapter1", "Powered", to: .bool(!on)) }
            }
            return input
        }
    }

    /// BlueZ's adapters (`/org/bluez/hci0`…), from its object manager.
    static func adapters(_ bluez: ServiceClient) throws -> [String] {
        let objects = try bluez.call("/", "org.freedesktop.DBus.ObjectManager", "GetManagedObjects").first?.elements ?? []
        return objects.compactMap { object -> String? in
            guard case .entry(let path, let interfaces) = object, interfaces["org.bluez.Adapter1"] != nil else { return nil }
            return path.text
        }.sorted()
    }

    static let bluetooth = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.bluetooth.set", title: "Set Bluetooth",
            description: "Turns Bluetooth on or off, or toggles it (BlueZ's adapters' Powered).",
            parameters: SwitchParameters.metadata("Bluetooth"), isReadOnly: false, keywords: ["wireless", "accessories", "accessory"]
        ).needing(.bluez),
        passesInputThrough: true
    ) { parameters in
        let switchValue = SwitchParameters(parameters)
        return { input, run in
            let bluez = try ServiceClient(.bluez, for: run)
            let adapters = try adapters(bluez)
            guard let first = adapters.first else { throw ActionFailure("this computer has no Bluetooth adapter (BlueZ lists none)") }
            let on = try switchValue.wanted(in: run) { try bluez.property(first, "org.bluez.Adapter1", "Powered").bool ?? false }
            for adapter in adapters { try bluez.setProperty(adapter, "org.bluez.Adapter1", "Powered", to: .bool(on)) }
            return input
        }
    }

    /// `WFNetworkDetailsNetwork`.
    enum Network: String, ParameterOption {
        case wifi = "Wi-Fi", cellular = "Cellular"
    }

    /// `WFWiFiDetail`.
    enum WiFiDetail: String, ParameterOption {
        case networkName = "Network Name", bssid = "BSSID", rssi = "RSSI", channel = "Channel Number"
        case hardwareAddress = "Hardware MAC Address", frequency = "Frequency"
    }

    static let networkDetails = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getwifi", title: "Get Network Details",
            description:
                "Gets a detail of the Wi-Fi network this computer is connected to (its name, BSSID, signal, channel), from NetworkManager.",
            parameters: [
                .option("WFNetworkDetailsNetwork", title: "Network", default: Network.wifi),
                .option("WFWiFiDetail", title: "Get", default: WiFiDetail.networkName),
            ],
            outputType: "Text", outputName: "Network Details", keywords: ["ssid", "wifi", "network name", "bssid"]
        ).needing(.networkManager)
    ) { parameters in
        let network = OptionParameter(parameters, "WFNetworkDetailsNetwork", default: Network.wifi)
        let detail = OptionParameter(parameters, "WFWiFiDetail", default: WiFiDetail.networkName)
        return { _, run in
            guard try network.value(in: run) == .wifi else {
                throw ActionFailure("cellular details need ModemManager, which this version doesn't ask", parameter: "WFNetworkDetailsNetwork")
            }
            let detail = try detail.value(in: run)
            let manager = try ServiceClient(.networkManager, for: run)
            let devices = try manager.property(path, interface, "Devices").elements.compactMap(\.text)
            for device in devices {
                guard try manager.property(device, "org.freedesktop.NetworkManager.Device", "DeviceType").integer == 2 else { continue }
                let wireless = try manager.properties(device, "org.freedesktop.NetworkManager.Device.Wireless")
                if detail == .hardwareAddress { return .text(wireless["HwAddress"]?.text ?? "") }
                guard let point = wireless["ActiveAccessPoint"]?.text, point != "/" else { continue }
                let access = try manager.properties(point, "org.freedesktop.NetworkManager.AccessPoint")
                switch detail {
                case .networkName:
                    let bytes = access["Ssid"]?.elements.compactMap { $0.integer.map(UInt8.init(truncatingIfNeeded:)) } ?? []
                    return .text(String(decoding: bytes, as: UTF8.self))
                case .bssid: return .text(access["HwAddress"]?.text ?? "")
                case .rssi:
                    // NetworkManager gives strength in percent; Apple's RSSI is dBm, about (percent / 2) - 100.
                    return .number(Double(access["Strength"]?.integer ?? 0) / 2 - 100)
                case .frequency: return .number(Double(access["Frequency"]?.integer ?? 0))
                case .channel: return .number(Double(channel(ofMegahertz: access["Frequency"]?.integer ?? 0)))
                case .hardwareAddress: return .text(wireless["HwAddress"]?.text ?? "")
                }
            }
            return .nothing
        }
    }

    /// The Wi-Fi channel of a frequency in MHz (2.4, 5 and 6 GHz bands), or 0.
    static func channel(ofMegahertz frequency: Int) -> Int {
        switch frequency {
        case 2484: 14
        case 2412...2472: (frequency - 2407) / 5
        case 5955...7115: (frequency - 5950) / 5
        case 5000...5895: (frequency - 5000) / 5
        default: 0
        }
    }
}
