import Foundation
import IntentDefinitionCompiler
import PropertyList
import Testing

/// Problems are reported with the file, intent and parameter; input that isn't an intent
/// definition gets a clear error.
@Suite struct DiagnosticsTests {
    /// An XML intent definition with one intent whose parameters are given.
    func definition(intent: String = "Sample", parameters: [PropertyListValue], extra: [(String, PropertyListValue)] = []) -> Data {
        var intentPairs: [(String, PropertyListValue)] = [
            ("INIntentName", .string(intent)), ("INIntentTitle", .string("Sample")), ("INIntentParameters", .array(parameters)),
        ]
        intentPairs += extra
        let root = PropertyListValue.dictionary(
            PropertyListDictionary([
                ("INIntentDefinitionModelVersion", .string("1.2")),
                ("INIntents", .array([.dictionary(PropertyListDictionary(intentPairs))])),
                ("INEnums", .array([])), ("INTypes", .array([])),
            ]))
        return PropertyList.encode(root, format: .xml)
    }

    func parameter(_ name: String, type: String, _ extra: [(String, PropertyListValue)] = []) -> PropertyListValue {
        .dictionary(PropertyListDictionary([("INIntentParameterName", .string(name)), ("INIntentParameterType", .string(type))] + extra))
    }

    func error(_ data: Data, fileName: String = "Broken.intentdefinition") -> IntentDefinitionError? {
        do {
            _ = try GeneratorPipeline.generate(data, fileName: fileName)
            return nil
        } catch {
            return error
        }
    }

    @Test func textThatIsNotAPropertyListIsRefused() {
        let failure = error(Data("hello, world".utf8), fileName: "notes.intentdefinition")
        #expect(failure?.code == .notPropertyList)
        #expect(failure?.description.hasPrefix("notes.intentdefinition: error: not an intent definition") == true)
    }

    @Test func aPropertyListWithoutIntentsIsRefused() {
        let other = PropertyList.encode(.dictionary(PropertyListDictionary([("CFBundleName", .string("App"))])), format: .binary)
        let failure = error(other, fileName: "Info.plist")
        #expect(failure?.code == .notIntentDefinition)
        #expect(failure?.message.contains("'INIntents'") == true)
    }

    @Test func anUnsupportedTypeNamesTheIntentAndParameter() {
        let failure = error(definition(intent: "Pay", parameters: [parameter("amount", type: "PaymentMethod")]))
        #expect(failure?.code == .invalidDefinition)
        #expect(
            failure?.message.contains("Broken.intentdefinition: error: intent 'Pay', parameter 'amount': has the type 'PaymentMethod'")
                == true)
    }

    /// A name that would put code into the generated file, or isn't a Swift name at all, is
    /// refused naming it, escaped; text everywhere else is a string literal.
    @Test func namesThatArentSwiftNamesAreRefused() throws {
        for name in ["Evil { }; func x() {", "9Lives", "class", "Tea\u{1B}[31m"] {
            let failure = error(definition(intent: name, parameters: []))
            #expect(failure?.code == .invalidDefinition, "\(name)")
            #expect(failure?.message.contains("isn't a name Swift can give a class") == true, "\(failure?.message ?? "")")
            #expect(failure?.message.contains("\u{1B}") == false)
        }
        // Two parameters whose Swift names come out the same.
        let twins = error(definition(parameters: [parameter("due-date", type: "String"), parameter("due_date", type: "String")]))
        #expect(
            twins?.message.contains("parameter 'due_date': comes out as the Swift name due_date, which another one already has") == true)
        // A title with quotes, backslashes and a newline is a literal, and the file still generates.
        let titled = definition(parameters: [
            parameter("note", type: "String", [("INIntentParameterDisplayName", .string("a \"b\" \\ c\n}"))])
        ])
        let output = try GeneratorPipeline.generate(titled, fileName: "Quotes.intentdefinition")
        #expect(output.source.contains(#""a \"b\" \\ c\n}""#))
    }

    @Test func aMissingEnumAndAMissingTypeAreBothReported() {
        let data = definition(parameters: [
            parameter("size", type: "Integer", [("INIntentParameterEnumType", .string("Size"))]),
            parameter("friend", type: "Object", [("INIntentParameterObjectType", .string("Friend"))]),
        ])
        let message = error(data)?.message ?? ""
        #expect(message.contains("2 problems"))
        #expect(message.contains("parameter 'size': uses the enum 'Size', which the file doesn't define"))
        #expect(message.contains("parameter 'friend': uses the type 'Friend', which the file doesn't define"))
    }

    /// An Object parameter that names no type (Xcode 10's definitions) is an `INObject`, as
    /// Xcode generates it, not a parameter left out.
    @Test func anObjectParameterWithoutATypeIsAnINObject() throws {
        let data = definition(
            intent: "Share", parameters: [parameter("item", type: "Object", [("INIntentParameterSupportsResolution", .boolean(true))])])
        let output = try GeneratorPipeline.generate(data, fileName: "Share.intentdefinition")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        #expect(output.source.contains("INObject?"), "\(output.source)")
        #expect(output.source.contains("INObjectResolutionResult"), "\(output.source)")
        #expect(output.source.contains(#".object("INObject")"#), "\(output.source)")
        try #require(CorpusTests.modulesDirectory != nil, "the built modules aren't found to compile against")
        #expect(CorpusTests.compileProblem(of: output) == nil)
    }

    @Test func warningsDoNotStopGeneration() throws {
        let data = definition(parameters: [
            parameter("on", type: "Boolean", [("INIntentParameterSupportsDynamicEnumeration", .boolean(true))])
        ])
        let output = try GeneratorPipeline.generate(data, fileName: "Toggle.intentdefinition")
        #expect(output.diagnostics.map(\.severity) == [.warning])
        #expect(output.diagnostics.first?.location == "intent 'Sample', parameter 'on'")
        #expect(!output.source.contains("provideOnOptionsCollection"))
    }

    @Test func keywordsAreQuotedAndCustomCodesStartAt100() throws {
        let codes: PropertyListValue = .array(
            ["success", "failureOutOfStock", "successReadySoon"].map { name in
                .dictionary(
                    PropertyListDictionary([
                        ("INIntentResponseCodeName", .string(name)), ("INIntentResponseCodeSuccess", .boolean(name.hasPrefix("success"))),
                    ]))
            })
        let data = definition(
            parameters: [parameter("default", type: "String", [("INIntentParameterSupportsResolution", .boolean(true))])],
            extra: [("INIntentResponse", .dictionary(PropertyListDictionary([("INIntentResponseCodes", codes)])))])
        let source = try GeneratorPipeline.generate(data, fileName: "Shop.intentdefinition").source
        #expect(source.contains("public var `default`: String?"))
        #expect(source.contains("func resolveDefault(for intent: SampleIntent) async -> INStringResolutionResult"))
        #expect(source.contains("case failureOutOfStock = 100"))
        #expect(source.contains("case successReadySoon = 101"))
    }

    @Test func aSystemIntentIsANoteAndGetsNoClass() throws {
        let data = definition(intent: "PlayMedia", parameters: [], extra: [("INIntentType", .string("System"))])
        let output = try GeneratorPipeline.generate(data, fileName: "Media.intentdefinition")
        #expect(output.diagnostics.first?.severity == .note)
        #expect(!output.source.contains("class PlayMediaIntent"))
    }

    @Test func stringsTablesAreRead() {
        let table = LocalizedStrings.parse(Data("/* c */ \"abc123\" = \"Titre \\\"cité\\\"\";\n// line\n\"x\"=\"y\";".utf8))
        #expect(table?.entries == ["abc123": "Titre \"cité\"", "x": "y"])
    }
}
