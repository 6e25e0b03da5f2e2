// This file imports only Intents (and Testing), as SiriKit samples do: Foundation's types must be
// visible through it.
import Intents
import Testing

/// A hand-written intent class, in the style of Xcode's generated ones, with only `import Intents`.
final class OrderSoupIntent: INIntent, @unchecked Sendable {
    var quantity: NSNumber? {
        get { storedValue(forKey: "quantity") as? NSNumber }
        set { setStoredValue(newValue, forKey: "quantity") }
    }
}

struct IntentsFoundationVisibilityTests {
    @Test func foundationComesWithIntents() {
        let intent = OrderSoupIntent()
        intent.quantity = NSNumber(value: 2)
        intent.suggestedInvocationPhrase = NSString(string: "order soup").capitalized
        #expect(intent.quantity?.intValue == 2)
        #expect(intent.suggestedInvocationPhrase == "Order Soup")
        #expect(UUID(uuidString: intent.identifier ?? "") != nil)
    }
}
