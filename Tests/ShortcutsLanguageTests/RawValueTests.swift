import BuiltinActions
import Foundation
import PropertyList
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsLanguage
import Testing

/// `#raw { … }` is a parameter as a file has it, so it must compile to what reading that file
/// gives and run as the file runs: every serialization kind, written the way Shortcuts writes it
/// and the way other tools do (keys in another order, token strings without `attachmentsByRange`).
@Suite struct RawValueTests {
    static let engine = Engine(sources: [Builtins.catalog])

    /// One kind: the same action written with a typed value and with `#raw`.
    struct Case: Sendable, CustomStringConvertible {
        var kind: String
        var typed: String
        var raw: String
        var description: String { kind }
    }

    /// Each program ends with a Text that shows what the action under test made.
    static let cases: [Case] = [
        Case(
            kind: "WFTextTokenString",
            typed: #"Text "Hello, \(ShortcutInput)!""#,
            raw: #"""
                Text `WFTextActionText`: #raw {Value: {string: "Hello, \u{FFFC}!", attachmentsByRange: {"{7, 1}": {Type: "ExtensionInput"}}}, WFSerializationType: "WFTextTokenString"}
                """#),
        Case(
            kind: "WFTextTokenString, as other tools write it",
            typed: #"Text "Hello, \(ShortcutInput)!""#,
            raw: #"""
                Text `WFTextActionText`: #raw {WFSerializationType: "WFTextTokenString", Value: {attachmentsByRange: {"{7, 1}": {Type: "ExtensionInput"}}, string: "Hello, \u{FFFC}!"}}
                """#),
        Case(
            kind: "WFTextTokenString without attachmentsByRange",
            typed: #"Text "plain words""#,
            raw: #"Text `WFTextActionText`: #raw {WFSerializationType: "WFTextTokenString", Value: {string: "plain words"}}"#),
        Case(
            kind: "WFTextTokenAttachment",
            typed: "SetVariable ShortcutInput, variable: \"who\"\nChangeCase $who, case: \"UPPERCASE\"",
            raw: """
                SetVariable ShortcutInput, variable: "who"
                ChangeCase case: "UPPERCASE", text: #raw {WFSerializationType: "WFTextTokenAttachment", Value: {VariableName: "who", Type: "Variable"}}
                """),
        Case(
            kind: "WFDictionaryFieldValue",
            typed: #"Dictionary {"name": "Ada", "age": #number 36, "tags": ["x", "y"], "inner": {"k": "v"}}"#,
            raw: #"""
                Dictionary `WFItems`: #raw {WFSerializationType: "WFDictionaryFieldValue", Value: {WFDictionaryFieldValueItems: [
                    {WFItemType: 0, WFKey: {WFSerializationType: "WFTextTokenString", Value: {string: "name"}}, WFValue: {Value: {string: "Ada"}, WFSerializationType: "WFTextTokenString"}},
                    {WFKey: {Value: {string: "age", attachmentsByRange: {}}, WFSerializationType: "WFTextTokenString"}, WFItemType: 3, WFValue: {Value: {string: "36"}, WFSerializationType: "WFTextTokenString"}},
                    {WFItemType: 2, WFKey: {Value: {string: "tags"}, WFSerializationType: "WFTextTokenString"}, WFValue: {Value: [{WFItemType: 0, WFValue: {Value: {string: "x"}, WFSerializationType: "WFTextTokenString"}}, {WFItemType: 0, WFValue: {Value: {string: "y"}, WFSerializationType: "WFTextTokenString"}}], WFSerializationType: "WFArrayParameterState"}},
                    {WFItemType: 1, WFKey: {Value: {string: "inner"}, WFSerializationType: "WFTextTokenString"}, WFValue: {Value: {Value: {WFDictionaryFieldValueItems: [{WFItemType: 0, WFKey: {Value: {string: "k"}, WFSerializationType: "WFTextTokenString"}, WFValue: {Value: {string: "v"}, WFSerializationType: "WFTextTokenString"}}]}, WFSerializationType: "WFDictionaryFieldValue"}, WFSerializationType: "WFDictionaryFieldValue"}}
                ]}}
                """#),
        Case(
            kind: "WFArrayParameterState",
            typed: #"List ["one", "two"]"#,
            raw:
                #"List `WFItems`: #raw [{WFItemType: 0, WFValue: {Value: {string: "one"}, WFSerializationType: "WFTextTokenString"}}, "two"]"#
        ),
        Case(
            kind: "WFNumberSubstitutableState",
            typed: "Number 42",
            raw: #"Number `WFNumberActionNumber`: #raw {WFSerializationType: "WFNumberSubstitutableState", Value: 42}"#),
        Case(
            kind: "WFQuantityFieldValue",
            typed: #"AdjustDate "2026-01-01T00:00:00Z", operation: "Add", duration: #quantity(2, unit: "days")"#,
            raw: #"""
                AdjustDate "2026-01-01T00:00:00Z", operation: "Add", duration: #raw {WFSerializationType: "WFQuantityFieldValue", Value: {Unit: "days", Magnitude: 2}}
                """#),
        Case(
            kind: "a variable picker",
            typed: """
                SetVariable ShortcutInput, variable: "who"
                If #picker $who, is: hasAnyValue {
                    Text "given"
                } Otherwise {
                    Text "none"
                }
                """,
            raw: """
                SetVariable ShortcutInput, variable: "who"
                If `WFInput`: #raw {Variable: {Value: {VariableName: "who", Type: "Variable"}, WFSerializationType: "WFTextTokenAttachment"}, Type: "Variable"}, is: hasAnyValue {
                    Text "given"
                } Otherwise {
                    Text "none"
                }
                """),
    ]

    private func compile(_ text: String, _ kind: String) throws -> Workflow {
        let (workflow, diagnostics) = language.compile("@input text\n" + text + "\n", path: "raw.sct")
        for diagnostic in diagnostics where diagnostic.isError { Issue.record("\(kind): \(diagnostic)") }
        return try #require(workflow, "\(kind) didn't compile")
    }

    private func run(_ workflow: Workflow) throws -> String {
        try Self.engine.run(try Self.engine.compile(workflow, name: "Raw"), input: .text("Ada"), environment: RunEnvironment()).text
    }

    @Test(arguments: cases)
    func aRawValueRunsAsItsTypedForm(_ example: Case) throws {
        let typed = try compile(example.typed, example.kind)
        let raw = try compile(example.raw, example.kind)
        let output = try run(raw)
        #expect(output == (try run(typed)), "\(example.kind)")
        #expect(!output.contains("WFSerializationType"), "\(example.kind) ran as a property list: \(output)")
    }

    /// A value in another tool's shape (a text's empty `attachmentsByRange` outside a
    /// dictionary) decompiles to what compiles back to exactly it, and runs as the original.
    @Test func aValueInAnotherToolsShapeRoundTripsExactlyAndRunsAsTheOriginal() throws {
        var text = TokenString(string: "from another tool")
        text.hasRangesKey = true
        let original = Workflow(actions: [
            WorkflowAction(identifier: "is.workflow.actions.gettext", parameters: ["WFTextActionText": .text(text)])
        ])
        let decompiled = language.decompile(original)
        let (compiled, diagnostics) = language.compile(decompiled, path: "round.sct")
        #expect(!diagnostics.contains { $0.isError }, "\(diagnostics)")
        let back = try #require(compiled)
        #expect(ShortcutFile.propertyList(of: back) == ShortcutFile.propertyList(of: original), "\(decompiled)")
        #expect(try run(back) == "from another tool", "\(decompiled)")
        #expect(try run(back) == (try run(original)))
    }
}

/// Two actions that share a `UUID` (copy-pasted actions; real files have them) keep it through
/// decompile → compile, and each reference gets the latest output with that `UUID` before it.
@Suite struct SharedUUIDTests {
    static let shared = "DDDDDDDD-0000-4000-8000-000000000001"

    static func text(_ string: String, uuid: String? = nil, referring: Bool = false) -> WorkflowAction {
        var parameters: ParameterDictionary = [:]
        if referring {
            let output = TokenAttachment(.actionOutput(uuid: shared, name: "Text"))
            parameters["WFTextActionText"] = .text(TokenString(segments: [.literal(string), .variable(output)]))
        } else {
            parameters["WFTextActionText"] = .text(TokenString(string: string))
        }
        if let uuid { parameters["UUID"] = .plain(.string(uuid)) }
        return WorkflowAction(identifier: "is.workflow.actions.gettext", parameters: parameters)
    }

    static func setVariable(_ name: String) -> WorkflowAction {
        WorkflowAction(identifier: "is.workflow.actions.setvariable", parameters: ["WFVariableName": .plain(.string(name))])
    }

    static let original = Workflow(actions: [
        text("first", uuid: shared), text("A:", referring: true), setVariable("a"),
        text("second", uuid: shared), text("B:", referring: true), setVariable("b"),
        WorkflowAction(
            identifier: "is.workflow.actions.gettext",
            parameters: [
                "WFTextActionText": .text(
                    TokenString(segments: [
                        .variable(TokenAttachment(.variable(name: "a"))), .literal("|"), .variable(TokenAttachment(.variable(name: "b"))),
                    ]))
            ]),
    ])

    private func run(_ workflow: Workflow) throws -> String {
        try RawValueTests.engine.run(try RawValueTests.engine.compile(workflow, name: "Shared"), environment: RunEnvironment()).text
    }

    @Test func bothKeepTheUUIDAndReferencesGetTheLatestOutputBeforeThem() throws {
        #expect(try run(Self.original) == "A:first|B:second")
        let text = language.decompile(Self.original)
        let (compiled, diagnostics) = language.compile(text, path: "shared.sct")
        #expect(!diagnostics.contains { $0.isError }, "\(diagnostics)")
        let back = try #require(compiled, "\(text)")
        let uuids = back.actions.compactMap { $0.parameters["UUID"] }
        #expect(uuids == [.plain(.string(Self.shared)), .plain(.string(Self.shared))], "\(text)")
        #expect(try run(back) == "A:first|B:second", "\(text)")
    }
}

/// A shortcut as other tools write it (Cherri, ScPL, shortcuts-js, Jellycuts): keys in their
/// own order, token strings with an empty `attachmentsByRange` or none, mixed in one dictionary,
/// decompiles to text that compiles back to exactly the file and runs as the file runs; a
/// dictionary written all in Shortcuts' older shape reads as a plain dictionary under
/// `@shape rangesInDictionaries`.
@Suite struct OtherToolsShapesTests {
    static let file = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>WFWorkflowTypes</key><array/>
        <key>WFWorkflowActions</key><array>
          <dict>
            <key>WFWorkflowActionParameters</key><dict>
              <key>WFItems</key><dict>
                <key>WFSerializationType</key><string>WFDictionaryFieldValue</string>
                <key>Value</key><dict><key>WFDictionaryFieldValueItems</key><array>
                  <dict>
                    <key>WFValue</key><dict><key>WFSerializationType</key><string>WFTextTokenString</string>
                      <key>Value</key><dict><key>attachmentsByRange</key><dict/><key>string</key><string>Ada</string></dict></dict>
                    <key>WFKey</key><dict><key>WFSerializationType</key><string>WFTextTokenString</string>
                      <key>Value</key><dict><key>string</key><string>name</string></dict></dict>
                    <key>WFItemType</key><integer>0</integer>
                  </dict>
                  <dict>
                    <key>WFItemType</key><integer>3</integer>
                    <key>WFKey</key><dict><key>Value</key><dict><key>string</key><string>age</string><key>attachmentsByRange</key><dict/></dict>
                      <key>WFSerializationType</key><string>WFTextTokenString</string></dict>
                    <key>WFValue</key><dict><key>Value</key><dict><key>string</key><string>36</string></dict>
                      <key>WFSerializationType</key><string>WFTextTokenString</string></dict>
                  </dict>
                </array></dict>
              </dict>
              <key>UUID</key><string>CCCCCCCC-0000-4000-8000-000000000001</string>
            </dict>
            <key>WFWorkflowActionIdentifier</key><string>is.workflow.actions.dictionary</string>
          </dict>
          <dict>
            <key>WFWorkflowActionIdentifier</key><string>is.workflow.actions.gettext</string>
            <key>WFWorkflowActionParameters</key><dict>
              <key>WFTextActionText</key><dict>
                <key>WFSerializationType</key><string>WFTextTokenString</string>
                <key>Value</key><dict>
                  <key>string</key><string>Got: &#xFFFC;</string>
                  <key>attachmentsByRange</key><dict>
                    <key>{5, 1}</key><dict><key>OutputName</key><string>Dictionary</string>
                      <key>Type</key><string>ActionOutput</string><key>OutputUUID</key><string>CCCCCCCC-0000-4000-8000-000000000001</string></dict>
                  </dict>
                </dict>
              </dict>
            </dict>
          </dict>
        </array>
        </dict></plist>
        """#

    private func run(_ workflow: Workflow) throws -> String {
        try RawValueTests.engine.run(try RawValueTests.engine.compile(workflow, name: "Other"), environment: RunEnvironment()).text
    }

    @Test func decompilesTypedAndRunsAsTheFile() throws {
        let original = try ShortcutFile.read(Data(Self.file.utf8), path: "other.shortcut").workflow
        let expected = try run(original)
        #expect(expected == #"Got: {"name":"Ada","age":36}"#)
        let text = language.decompile(original)
        let (compiled, diagnostics) = language.compile(text, path: "other.sct")
        #expect(!diagnostics.contains { $0.isError }, "\(diagnostics)")
        let back = try #require(compiled)
        var comparison = RenamingComparison(original: original)
        let difference = comparison.difference(ShortcutFile.propertyList(of: original), ShortcutFile.propertyList(of: back))
        #expect(difference == nil, "\(text)")
        #expect(try run(back) == expected, "\(text)")
    }

    @Test func aDictionaryInShortcutsOlderShapeReadsPlainUnderTheShapeDirective() throws {
        func text(_ string: String) -> ParameterValue {
            var token = TokenString(string: string)
            token.hasRangesKey = true
            return .text(token)
        }
        let items = [
            DictionaryItem(itemType: 0, key: text("name"), value: text("Ada")),
            DictionaryItem(itemType: 3, key: text("age"), value: text("36")),
        ]
        let original = Workflow(actions: [
            WorkflowAction(identifier: "is.workflow.actions.dictionary", parameters: ["WFItems": .dictionaryField(items)])
        ])
        let decompiled = language.decompile(original)
        #expect(decompiled.contains("@shape rangesInDictionaries"), "\(decompiled)")
        #expect(decompiled.contains(#""name": "Ada""#) && !decompiled.contains("#raw"), "\(decompiled)")
        let (compiled, diagnostics) = language.compile(decompiled, path: "older.sct")
        #expect(!diagnostics.contains { $0.isError }, "\(diagnostics)")
        #expect(ShortcutFile.propertyList(of: try #require(compiled)) == ShortcutFile.propertyList(of: original), "\(decompiled)")
        // Without the directive the same text gives Shortcuts' current shape: no empty ranges.
        let current = decompiled.replacingOccurrences(of: "@shape rangesInDictionaries\n", with: "")
        let (plain, _) = language.compile(current, path: "current.sct")
        guard case .dictionaryField(let written)? = try #require(plain).actions.first?.parameters["WFItems"],
            case .text(let name)? = written.first?.value
        else { throw ActionFailure("expected a dictionary from \(current)") }
        #expect(!name.hasRangesKey)
    }
}
