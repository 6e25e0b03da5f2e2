import ShortcutsContent
import Testing

@testable import Intents

/// An Object parameter that names no type holds a plain `INObject`, made from what the shortcut gives.
struct GenericObjectTests {
    let parameter = INParameterSchema(name: "item", title: "Item", type: .object("INObject"))

    @Test func textBecomesAnObjectWithThatIdentifierAndTitle() throws {
        let stored = try INValueCoding(definitions: []).value(from: .text("doc-1"), for: parameter)
        let object = try #require(stored as? INObject)
        #expect(object.identifier == "doc-1")
        #expect(object.displayString == "doc-1")
    }

    @Test func anEntityKeepsItsIdentifierTitleAndSubtitle() throws {
        let entity = EntityContent(typeName: "Document", identifier: "D7", displayTitle: "Minutes", subtitle: "Tuesday")
        let stored = try INValueCoding(definitions: []).value(from: .entity(entity), for: parameter)
        let object = try #require(stored as? INObject)
        #expect(object.identifier == "D7" && object.displayString == "Minutes" && object.subtitleString == "Tuesday")
    }
}
