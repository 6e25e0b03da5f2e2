import ActionSupport
import DesktopBus
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Radios and networks: Set Wi-Fi, Set Cellular Data, Set Airplane Mode, Get Network Details,
/// Set VPN and the personal hotspot through NetworkManager; Set Bluetooth through BlueZ.
enum NetworkActions {
    static let all: [ActionDefinition] = [
        wifi, cellularData, airplaneMode, bluetooth, networkDetails, vpn, hotspot, hotspotPassword, setHotspotPassword,
    ]

    static let path = "/org/freedesktop/NetworkManager"
    static let interface = "org.freedesktop.NetworkManager"

    /// A Set action over one of NetworkManager's Boolean radio switches.
    static func radioSwitch(_ identifier: String, _ title: String, label: String, property: String, keywords: [String]) -> ActionDefinition
    {
        SwitchParameters.action(
            identifier, title, label: label, description: "Turns \(label) on or off, or toggles it (NetworkManager's \(property)).",
            keywords: keywords, service: .networkManager,
            current: { run in try ServiceClient(.networkManager, for: run).property(path, interface, property).bool ?? false },
            set: { on, run in try ServiceClient(.networkManager, for: run).setProperty(path, interface, property, to: .bool(on)) })
    }

    static let wifi = radioSwitch(
        "is.workflow.actions.wifi.set", "Set Wi-Fi", label: "Wi-Fi", property: "WirelessEnabled", keywords: ["wifi", "wireless", "wlan"])
    static let cellularData = radioSwitch(
        "is.workflow.actions.cellulardata.set", "Set Cellular Data", label: "Cellular Data", property: "WwanEnabled",
        keywords: ["mobile data", "wwan", "modem"])

    static let airplaneMode = SwitchParameters.action(
        "is.workflow.actions.airplanemode.set", "Set Airplane Mode", label: "Airplane Mode",
        description:
            "Turns every radio off (Wi-Fi and mobile broadband through NetworkManager, Bluetooth through BlueZ when it runs), or back on; or toggles them.",
        keywords: ["flight mode", "radios", "offline"], service: .networkManager,
        current: { run in
            let network = try ServiceClient(.networkManager, for: run)
            let wireless = try network.property(path, interface, "WirelessEnabled").bool ?? false
            let wwan = try network.property(path, interface, "WwanEnabled").bool ?? false
            return !wireless && !wwan
        },
        set: { on, run in
            let network = try ServiceClient(.networkManager, for: run)
            try network.setProperty(path, interface, "WirelessEnabled", to: .bool(!on))
            try network.setProperty(path, interface, "WwanEnabled", to: .bool(!on))
            // Bluetooth follows where BlueZ runs; a machine without it has no Bluetooth radio.
            if let bluez = try? ServiceClient(.bluez, for: run), let adapters = try? adapters(bluez) {
                for adapter in adapters { try bluez.setProperty(adapter, "org.bluez.Adapter1", "Powered", to: .bool(!on)) }
            }
        })

    /// BlueZ's adapters (`/org/bluez/hci0`…), from its object manager.
    static func adapters(_ bluez: ServiceClient) throws -> [String] {
        let objects = try bluez.call("/", "org.freedesktop.DBus.ObjectManager", "GetManagedObjects").first?.elements ?? []
        return objects.compactMap { object -> String? in
            guard case .entry(let path, let interfaces) = object, interfaces["org.bluez.Adapter1"] != nil else { return nil }
            return path.text
        }.sorted()
    }

    static let bluetooth = SwitchParameters.action(
        "is.workflow.actions.bluetooth.set", "Set Bluetooth", label: "Bluetooth",
        description: "Turns Bluetooth on or off, or toggles it (BlueZ's adapters' Powered).",
        keywords: ["wireless", "accessories", "accessory"],
        service: .bluez,
        current: { run in
            let bluez = try ServiceClient(.bluez, for: run)
            guard let first = try adapters(bluez).first else { return false }
            return try bluez.property(first, "org.bluez.Adapter1", "Powered").bool ?? false
        },
        set: { on, run in
            let bluez = try ServiceClient(.bluez, for: run)
            let adapters = try adapters(bluez)
            guard !adapters.isEmpty else { throw ActionFailure("this computer has no Bluetooth adapter (BlueZ lists none)") }
            for adapter in adapters { try bluez.setProperty(adapter, "org.bluez.Adapter1", "Powered", to: .bool(on)) }
        })

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
                throw ActionFailure(
                    "cellular details need ModemManager, which this version doesn't ask", parameter: "WFNetworkDetailsNetwork")
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

    // MARK: Connections

    static let settingsPath = "/org/freedesktop/NetworkManager/Settings"
    static let connectionInterface = "org.freedesktop.NetworkManager.Settings.Connection"

    /// NetworkManager's saved connections with their settings (`a{sa{sv}}`).
    static func connections(_ network: ServiceClient) throws -> [(path: String, settings: DBusValue)] {
        let paths =
            try network.call(settingsPath, "org.freedesktop.NetworkManager.Settings", "ListConnections").first?.elements.compactMap(\.text)
            ?? []
        return try paths.map { path in (path, try network.call(path, connectionInterface, "GetSettings").first ?? .dictionary([])) }
    }

    /// The active connection of a saved one, if it is up.
    static func active(_ connection: String, _ network: ServiceClient) throws -> String? {
        for path in try network.property(self.path, interface, "ActiveConnections").elements.compactMap(\.text) {
            let saved = try? network.property(path, "org.freedesktop.NetworkManager.Connection.Active", "Connection").text
            if saved == connection { return path }
        }
        return nil
    }

    /// `WFVPNOperation`.
    enum VPNOperation: String, ParameterOption {
        case connect = "Connect", disconnect = "Disconnect", toggle = "Toggle", onDemand = "Set On Demand"
    }

    static let vpn = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.vpn.set", title: "Set VPN",
            description:
                "Connects, disconnects or toggles a VPN that NetworkManager has (OpenVPN, WireGuard…), or sets whether it connects by itself.",
            parameters: [
                .option("WFVPNOperation", title: "Operation", default: VPNOperation.connect),
                ParameterMetadata(key: "WFVPN", title: "VPN", type: .content),
                ParameterMetadata(key: "WFOnDemandValue", title: "Set On Demand To", type: .boolean, defaultValue: "true"),
            ],
            isReadOnly: false, keywords: ["vpn", "wireguard", "openvpn", "tunnel"]
        ).needing(.networkManager),
        passesInputThrough: true
    ) { parameters in
        let operation = OptionParameter(parameters, "WFVPNOperation", default: VPNOperation.connect)
        return { input, run in
            let network = try ServiceClient(.networkManager, for: run)
            let given = try run.content(parameters["WFVPN"])
            let wanted = (given.dictionary?["Title"] ?? given.dictionary?["Name"] ?? given.dictionary?["Identifier"] ?? given).text
            let vpns = try connections(network).filter { ["vpn", "wireguard"].contains($0.settings["connection"]?["type"]?.text ?? "") }
            let named = vpns.filter { connection in
                wanted.isEmpty
                    || [connection.settings["connection"]?["id"]?.text, connection.settings["connection"]?["uuid"]?.text]
                        .contains { $0?.caseInsensitiveCompare(wanted) == .orderedSame }
            }
            guard let (connection, settings) = named.first, wanted.isEmpty ? vpns.count == 1 : true else {
                let names = vpns.compactMap { $0.settings["connection"]?["id"]?.text }
                throw ActionFailure(
                    (wanted.isEmpty ? "name the VPN to use" : "NetworkManager has no VPN named “\(wanted)”")
                        + (names.isEmpty ? "; it has none" : "; it has \(names.joined(separator: ", "))"), parameter: "WFVPN")
            }
            let up = try active(connection, network)
            switch try operation.value(in: run) {
            case .connect where up == nil, .toggle where up == nil:
                _ = try network.call(
                    path, interface, "ActivateConnection", [.objectPath(connection), .objectPath("/"), .objectPath("/")],
                    timeout: .seconds(60))
            case .disconnect, .toggle:
                if let up { _ = try network.call(path, interface, "DeactivateConnection", [.objectPath(up)]) }
            case .connect: break
            case .onDemand:
                // "On demand" is NetworkManager's autoconnect.
                var updated = settings
                let onDemand = try run.bool(parameters["WFOnDemandValue"]) ?? true
                updated = updated.setting("connection", "autoconnect", to: .bool(onDemand))
                _ = try network.call(connection, connectionInterface, "Update", [updated])
            }
            return input
        }
    }

    /// The hotspot connection this action makes: an access-point Wi-Fi connection sharing the computer's network.
    static let hotspotID = "Shortcuts Hotspot"

    static func hotspotConnection(_ network: ServiceClient) throws -> (path: String, settings: DBusValue)? {
        try connections(network).first { $0.settings["802-11-wireless"]?["mode"]?.text == "ap" }
    }

    static func wifiDevice(_ network: ServiceClient) throws -> String {
        for device in try network.property(path, interface, "Devices").elements.compactMap(\.text)
        where try network.property(device, "org.freedesktop.NetworkManager.Device", "DeviceType").integer == 2 {
            return device
        }
        throw ActionFailure("this computer has no Wi-Fi device for a hotspot")
    }

    /// A hotspot password: WPA2 wants 8 to 63 characters.
    static func checkedPassword(_ text: String, parameter: String) throws -> String {
        guard (8...63).contains(text.count) else { throw ActionFailure("a hotspot password has 8 to 63 characters", parameter: parameter) }
        return text
    }

    static let hotspot = SwitchParameters.action(
        "is.workflow.actions.personalhotspot.set", "Set Personal Hotspot", label: "Personal Hotspot",
        description: "Shares this computer's network over Wi-Fi (a NetworkManager access point), or stops sharing it, or toggles it.",
        keywords: ["tethering", "share network", "access point"], service: .networkManager,
        current: { run in
            let network = try ServiceClient(.networkManager, for: run)
            return try hotspotConnection(network).flatMap { try active($0.path, network) } != nil
        },
        set: { on, run in
            let network = try ServiceClient(.networkManager, for: run)
            let saved = try hotspotConnection(network)
            let up = try saved.flatMap { try active($0.path, network) }
            guard on else {
                if let up { _ = try network.call(path, interface, "DeactivateConnection", [.objectPath(up)]) }
                return
            }
            guard up == nil else { return }
            let device = try wifiDevice(network)
            var connection = saved?.path
            if connection == nil {
                let host = run.environment.deviceDetails("Device Hostname").text
                let name = host.isEmpty ? "Linux Hotspot" : host
                let password = String((0..<12).map { _ in "abcdefghjkmnpqrstuvwxyz23456789".randomElement()! })
                let settings = DBusValue.array(
                    element: "{sa{sv}}",
                    [
                        .entry(
                            .string("connection"),
                            .dictionary([("id", .string(hotspotID)), ("type", .string("802-11-wireless")), ("autoconnect", .bool(false))])),
                        .entry(
                            .string("802-11-wireless"),
                            .dictionary([
                                ("mode", .string("ap")), ("ssid", .array(element: "y", Array(name.utf8.prefix(32)).map(DBusValue.byte))),
                            ])),
                        .entry(
                            .string("802-11-wireless-security"),
                            .dictionary([("key-mgmt", .string("wpa-psk")), ("psk", .string(password))])),
                        .entry(.string("ipv4"), .dictionary([("method", .string("shared"))])),
                        .entry(.string("ipv6"), .dictionary([("method", .string("ignore"))])),
                    ])
                connection = try network.call(settingsPath, "org.freedesktop.NetworkManager.Settings", "AddConnection", [settings]).first?
                    .text
            }
            _ = try network.call(
                path, interface, "ActivateConnection", [.objectPath(connection ?? "/"), .objectPath(device), .objectPath("/")],
                timeout: .seconds(60))
        })

    static let hotspotPassword = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.personalhotspot.password.get", title: "Get Hotspot Password",
            description: "Gets the password of the computer's Wi-Fi hotspot (NetworkManager keeps it; it may ask to unlock the keyring).",
            outputType: "Text", outputName: "Hotspot Password", keywords: ["tethering", "wifi password"]
        ).needing(.networkManager)
    ) { _ in
        { _, run in
            let network = try ServiceClient(.networkManager, for: run)
            guard let saved = try hotspotConnection(network) else {
                throw ActionFailure("this computer has no hotspot yet; Set Personal Hotspot makes one")
            }
            let secrets = try network.call(saved.path, connectionInterface, "GetSecrets", [.string("802-11-wireless-security")]).first
            let security = secrets?["802-11-wireless-security"]
            guard let password = security?["psk"]?.text ?? security?["secrets"]?["psk"]?.text else {
                throw ActionFailure("NetworkManager gave no password for the hotspot (is the keyring locked?)")
            }
            return .text(password)
        }
    }

    static let setHotspotPassword = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.personalhotspot.password.set", title: "Set Hotspot Password",
            description: "Changes the password of the computer's Wi-Fi hotspot (8 to 63 characters).",
            parameters: [ParameterMetadata(key: "WFInput", title: "Password", type: .text, isRequired: true)],
            inputParameter: "WFInput", isReadOnly: false, keywords: ["tethering", "wifi password"]
        ).needing(.networkManager),
        passesInputThrough: true
    ) { _ in
        { input, run in
            let network = try ServiceClient(.networkManager, for: run)
            let password = try checkedPassword(input.text, parameter: "WFInput")
            guard let saved = try hotspotConnection(network) else {
                throw ActionFailure("this computer has no hotspot yet; Set Personal Hotspot makes one")
            }
            let updated = saved.settings.setting("802-11-wireless-security", "psk", to: .string(password))
                .setting("802-11-wireless-security", "key-mgmt", to: .string("wpa-psk"))
            _ = try network.call(saved.path, connectionInterface, "Update", [updated])
            return input
        }
    }
}

extension DBusValue {
    /// An `a{sa{sv}}` of connection settings with one value set.
    func setting(_ group: String, _ key: String, to value: DBusValue) -> DBusValue {
        var groups = elements.compactMap { element -> (String, DBusValue)? in
            guard case .entry(let name, let settings) = element, let text = name.text else { return nil }
            return (text, settings)
        }
        if let index = groups.firstIndex(where: { $0.0 == group }) {
            var pairs = groups[index].1.elements.compactMap { element -> (String, DBusValue)? in
                guard case .entry(let name, .variant(let inner)) = element, let text = name.text else { return nil }
                return (text, inner)
            }
            pairs.removeAll { $0.0 == key }
            pairs.append((key, value))
            groups[index].1 = .dictionary(pairs)
        } else {
            groups.append((group, .dictionary([(key, value)])))
        }
        return .array(element: "{sa{sv}}", groups.map { .entry(.string($0.0), $0.1) })
    }
}
