import Foundation

/// How one value (an entity or an enumeration case) shows: a title, a subtitle and an image.
///
/// ```swift
/// var displayRepresentation: DisplayRepresentation {
///     DisplayRepresentation(title: "\(title)", subtitle: "Due \(dueDate.formatted())")
/// }
/// ```
public struct DisplayRepresentation: Sendable, Hashable, ExpressibleByStringInterpolation {
    public var title: LocalizedStringResource
    public var subtitle: LocalizedStringResource?
    public var image: Image?
    /// Other names people may use for the value.
    public var synonyms: [LocalizedStringResource]

    public init(
        title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Image? = nil,
        synonyms: [LocalizedStringResource] = []
    ) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.synonyms = synonyms
    }

    public init(stringLiteral value: String) {
        self.init(title: LocalizedStringResource(value))
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(title: LocalizedStringResource(String(stringInterpolation: stringInterpolation)))
    }

    /// An image beside the title: a symbol name, a named image, a URL or bytes.
    public struct Image: Sendable, Hashable {
        public var systemName: String?
        public var name: String?
        public var url: URL?
        public var data: Data?
        public var isTemplate: Bool

        public init(systemName: String, isTemplate: Bool = true) {
            self.systemName = systemName
            self.isTemplate = isTemplate
        }

        public init(named name: String, isTemplate: Bool = false) {
            self.name = name
            self.isTemplate = isTemplate
        }

        public init(url: URL, isTemplate: Bool = false) {
            self.url = url
            self.isTemplate = isTemplate
        }

        public init(data: Data, isTemplate: Bool = false) {
            self.data = data
            self.isTemplate = isTemplate
        }
    }
}

/// How a type shows: its name, e.g. "Task".
public struct TypeDisplayRepresentation: Sendable, Hashable, ExpressibleByStringInterpolation {
    public var name: LocalizedStringResource
    /// How a count of values reads, e.g. "\(placeholder: .int) tasks".
    public var numericFormat: LocalizedStringResource?

    public init(name: LocalizedStringResource, numericFormat: LocalizedStringResource? = nil) {
        self.name = name
        self.numericFormat = numericFormat
    }

    public init(stringLiteral value: String) {
        self.init(name: LocalizedStringResource(value))
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(name: LocalizedStringResource(String(stringInterpolation: stringInterpolation)))
    }
}
