import Foundation

/// A value of a custom type from an `.intentdefinition` file: an identifier and how to show it.
///
/// Generated types subclass it and add their properties, stored like an intent's:
///
/// ```swift
/// let topping = Topping(identifier: "pepperoni", display: "Pepperoni")
/// topping.subtitleString = "Spicy"
/// ```
open class INObject: NSObject {
    private var values: [String: Any] = [:]

    /// What identifies the value to the app.
    public let identifier: String?
    /// The text people see.
    public let displayString: String
    /// How to pronounce ``displayString``, when it isn't obvious.
    public let pronunciationHint: String?
    /// A second line of text under ``displayString``.
    open var subtitleString: String?
    /// An image shown beside the value.
    open var displayImage: INImage?
    /// Other phrases that name the value.
    open var alternativeSpeakableMatches: [INSpeakableString]?

    public required init(identifier: String?, display: String, pronunciationHint: String?) {
        self.identifier = identifier
        self.displayString = display
        self.pronunciationHint = pronunciationHint
        super.init()
    }

    public convenience init(identifier: String?, display: String) {
        self.init(identifier: identifier, display: display, pronunciationHint: nil)
    }

    public convenience init(identifier: String?, display: String, subtitle: String?, image: INImage?) {
        self.init(identifier: identifier, display: display, pronunciationHint: nil)
        subtitleString = subtitle
        displayImage = image
    }

    /// The value of a generated property by name.
    public func storedValue(forKey key: String) -> Any? { values[key] }

    /// Sets (or, with nil, clears) a generated property by name.
    public func setStoredValue(_ value: Any?, forKey key: String) { values[key] = value }

    open override var description: String { displayString }
}

/// Choices for a parameter, in titled sections: what `provide…OptionsCollection` returns.
///
/// ```swift
/// completion(INObjectCollection(items: toppings), nil)
/// ```
public final class INObjectCollection<ObjectType>: NSObject {
    public let sections: [INObjectSection<ObjectType>]
    /// Whether the list shows an A–Z index.
    public var usesIndexedCollation = false

    public init(sections: [INObjectSection<ObjectType>]) {
        self.sections = sections
        super.init()
    }

    public convenience init(items: [ObjectType]) {
        self.init(sections: [INObjectSection(title: nil, items: items)])
    }

    /// Every item of every section, in order.
    public var allItems: [ObjectType] { sections.flatMap(\.items) }
}

/// A titled group of choices in an ``INObjectCollection``.
public final class INObjectSection<ObjectType>: NSObject {
    public let title: String?
    public let items: [ObjectType]

    public init(title: String?, items: [ObjectType]) {
        self.title = title
        self.items = items
        super.init()
    }
}
