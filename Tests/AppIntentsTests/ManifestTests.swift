import AppIntents
import Foundation
import ShortcutsContent
import Testing

@Suite struct ManifestTests {
    func manifest() async throws -> AppManifest {
        try await SoupApp.manifest(executable: "/opt/soup/bin/soup")
    }

    @Test func describesTheAppAndHowToStartIt() async throws {
        let manifest = try await manifest()
        #expect(manifest.formatVersion == AppManifest.currentFormatVersion)
        #expect(manifest.bundleIdentifier == "com.example.Soup")
        #expect(manifest.name == "Soup")
        #expect(manifest.executable == "/opt/soup/bin/soup")
        #expect(manifest.extensionArguments == ["--serve-intents"])
        #expect(
            manifest.actions.map(\.identifier) == [
                "com.example.Soup.OrderSoupIntent", "com.example.Soup.GreetIntent", "com.example.Soup.PickSoupIntent",
                "com.example.Soup.RefuseIntent", "com.example.Soup.AllTypesIntent",
            ])
    }

    @Test func describesAnActionWithEntityNumberEnumAndTextParameters() async throws {
        let order = try #require(try await manifest().actions.first)
        #expect(order.title == "Order Soup")
        #expect(order.description == "Orders soup.")
        #expect(order.keywords == ["lunch"])
        #expect(order.inputParameter == "soup")
        #expect(order.outputType == "Text")
        #expect(order.summary == "Order ${quantity} ${soup}")
        #expect(order.supportedModes == ["background"])

        var soup = ParameterMetadata(key: "soup", title: "Soup", type: .entity, isRequired: true, entityType: "SoupEntity")
        soup.hasDynamicOptions = true
        let quantity = ParameterMetadata(key: "quantity", title: "Quantity", type: .integer, isRequired: true, minimum: 1, maximum: 10)
        let size = ParameterMetadata(
            key: "size", title: "Size", type: .enumeration, options: ["small", "medium", "large"], defaultValue: "medium")
        let note = ParameterMetadata(key: "note", title: "Note", type: .text)
        #expect(order.parameters == [soup, quantity, size, note])
    }

    @Test func mapsEachValueType() async throws {
        let action = try #require(try await manifest().actions.first { $0.identifier.hasSuffix("AllTypesIntent") })
        let described = action.parameters.map { "\($0.key):\($0.type.rawValue):\($0.isRequired):\($0.isList):\($0.defaultValue ?? "-")" }
        #expect(
            described == [
                "flag:boolean:false:false:Yes", "ratio:number:false:false:-", "when:date:false:false:-", "link:url:false:false:-",
                "files:file:true:true:-", "sizes:enumeration:false:true:-",
            ])
        #expect(action.parameters[1].minimum == 0 && action.parameters[1].maximum == 1)
        #expect(action.inputParameter == "files")
        #expect(action.outputType == "Number")
    }

    @Test func actionsWithoutValueOrSummaryOrWithForegroundModes() async throws {
        let actions = try await manifest().actions
        let greet = actions[1], pick = actions[2], refuse = actions[3]
        #expect(greet.outputType == nil && greet.summary == nil && greet.inputParameter == nil)
        #expect(pick.outputType == "SoupEntity")
        #expect(pick.supportedModes == ["foreground(deferred)"])
        #expect(pick.parameters.first?.requestValueDialog == "Which soup would you like?")
        #expect(refuse.parameters.map(\.key) == ["reason"])
    }

    @Test func describesEntitiesEnumsAndAppShortcuts() async throws {
        let manifest = try await manifest()
        #expect(
            manifest.entities == [
                EntityTypeMetadata(
                    name: "SoupEntity", displayName: "Soup",
                    properties: [.init(name: "name", title: "Name", type: "Text"), .init(name: "price", title: "Price", type: "Number")],
                    supportsStringQuery: true)
            ])
        #expect(
            manifest.enums == [
                EnumTypeMetadata(
                    name: "SoupSize", displayName: "Size",
                    cases: [
                        .init(identifier: "small", title: "Small"), .init(identifier: "medium", title: "Medium"),
                        .init(identifier: "large", title: "Large"),
                    ])
            ])
        #expect(
            manifest.appShortcuts == [
                AppShortcutMetadata(
                    action: "com.example.Soup.OrderSoupIntent",
                    phrases: ["Order ${soup} in ${applicationName}", "Order soup with ${applicationName}"],
                    shortTitle: "Order Soup", systemImageName: "cup.and.saucer"),
                AppShortcutMetadata(
                    action: "com.example.Soup.GreetIntent", phrases: ["Greet someone with ${applicationName}"],
                    shortTitle: "Greet", systemImageName: "app"),
            ])
    }

    @Test func refusesPhrasesThatDoNotNameTheAppExactlyOnce() async throws {
        let error = await #expect(throws: AppManifestError.self) { try await BadSoupApp.manifest(executable: "/bin/true") }
        #expect(error?.code == .invalidUtterance)
        let message = error?.message ?? ""
        #expect(message.hasPrefix("Invalid Utterance. Every App Shortcut utterance should have one '${applicationName}' in it."))
        #expect(message.contains("App Shortcut “Greet” (GreetIntent), phrase “Say hello”: names the app 0 times"))
        #expect(message.contains("phrase “Greet with ${applicationName} in ${applicationName}”: names the app 2 times"))
    }

    @Test func writesTheManifestAtomicallyUnderShortcutsHome() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("appintents-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let manifest = try await manifest()
        let written = try ManifestFile.write(manifest, environment: ["SHORTCUTS_HOME": home.path])
        #expect(written.path == home.path + "/Apps/com.example.Soup.json")
        let read = try JSONDecoder().decode(AppManifest.self, from: Data(contentsOf: written))
        #expect(read == manifest)
        #expect(ManifestFile.appsDirectory(environment: ["XDG_DATA_HOME": "/data"]).path == "/data/shortcuts/Apps")
        #expect(ManifestFile.appsDirectory(environment: ["HOME": "/home/me"]).path == "/home/me/.local/share/shortcuts/Apps")
    }
}
