internal import CMarkupLoader
import Foundation

/// Why HTML or Markdown couldn't be read or made: the library is missing (the message names its
/// package), or it refused the input.
public struct MarkupError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A web page parsed as a browser would (libxml2's HTML parser: missing end tags implied, stray
/// `<` kept as text, entities decoded), as a tree of elements and text.
///
/// Nodes live in one array and refer to each other by index, so a page of a million nodes is one
/// allocation, not a million. Node 0 is the document, holding the `<html>` element.
public struct HTMLDocument: Sendable {
    /// One node: an element (its lowercase name and attributes) or a run of text.
    public struct Node: Sendable {
        /// The element's name, or `nil` for text.
        public var name: String?
        /// The text of a text node; empty for an element.
        public var text: String
        public var attributes: [Attribute]
        public var children: [Int]
        public var parent: Int?

        public var isElement: Bool { name != nil }
    }

    public struct Attribute: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    public private(set) var nodes: [Node]
    public static let document = 0

    /// How deep elements may nest before the deeper ones count as their text only: deeper than
    /// any real page, shallow enough that walking the tree recursively can't exhaust the stack.
    public static let maximumDepth = 400

    init(nodes: [Node]) { self.nodes = nodes }

    /// Parses HTML bytes: as UTF-8 when they are UTF-8, else in the encoding the page declares
    /// (Latin-1 when it declares none).
    public static func parse(_ data: Data) throws(MarkupError) -> HTMLDocument {
        let encoding: String? = String(validating: data, as: UTF8.self) == nil ? nil : "UTF-8"
        let builder = Builder()
        var message = [CChar](repeating: 0, count: 512)
        var visitor = smarkup_html_visitor(
            open: { name, attributes, count, context in
                Unmanaged<Builder>.fromOpaque(context!).takeUnretainedValue().open(name, attributes, count)
            },
            text: { text, length, context in
                Unmanaged<Builder>.fromOpaque(context!).takeUnretainedValue().text(text, length)
            },
            close: { context in Unmanaged<Builder>.fromOpaque(context!).takeUnretainedValue().close() })
        let context = Unmanaged.passUnretained(builder).toOpaque()
        let status = data.withUnsafeBytes { bytes in
            smarkup_html_walk(
                bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count, encoding, Int32(maximumDepth), &visitor, context,
                &message, message.count)
        }
        guard status == 0 else {
            throw MarkupError(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return HTMLDocument(nodes: builder.nodes)
    }

    public static func parse(_ text: String) throws(MarkupError) -> HTMLDocument { try parse(Data(text.utf8)) }

    /// Whether libxml2 can be loaded; the message names its package when not.
    public static func load() throws(MarkupError) {
        var message = [CChar](repeating: 0, count: 512)
        guard smarkup_html_load(&message, message.count) == 0 else {
            throw MarkupError(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }

    // MARK: Reading the tree

    public subscript(index: Int) -> Node { nodes[index] }

    /// The element's attribute, by its name in lowercase.
    public func attribute(_ name: String, of index: Int) -> String? {
        nodes[index].attributes.first { $0.name == name }?.value
    }

    /// The node and everything inside it, in document order.
    public func descendants(of index: Int = document) -> [Int] {
        var found: [Int] = []
        var stack = [index]
        while let next = stack.popLast() {
            found.append(next)
            stack.append(contentsOf: nodes[next].children.reversed())
        }
        return found
    }

    /// The elements of a name inside a node, in document order.
    public func elements(named name: String, in index: Int = document) -> [Int] {
        descendants(of: index).filter { nodes[$0].name == name }
    }

    /// The first element of a name, in document order.
    public func first(named name: String, in index: Int = document) -> Int? {
        elements(named: name, in: index).first
    }

    /// All the text inside a node, as it is in the page (script and style included).
    public func textContent(of index: Int) -> String {
        descendants(of: index).lazy.filter { !nodes[$0].isElement }.map { nodes[$0].text }.joined()
    }

    /// The `<body>` element, or the document when the page has none.
    public var body: Int { first(named: "body") ?? Self.document }

    /// The page's `<title>`, its spaces collapsed.
    public var title: String? {
        first(named: "title").map { HTMLDocument.collapsingSpaces(textContent(of: $0)) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Text with each run of white space as one space, trimmed.
    public static func collapsingSpaces(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    // MARK: Building

    /// Collects the walk's events into nodes.
    final class Builder {
        var nodes = [Node(name: "#document", text: "", attributes: [], children: [], parent: nil)]
        var open = [HTMLDocument.document]

        func open(_ name: UnsafePointer<CChar>?, _ attributes: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int32) {
            var list: [Attribute] = []
            list.reserveCapacity(Int(count))
            for index in 0..<Int(count) {
                guard let key = attributes?[index * 2], let value = attributes?[index * 2 + 1] else { continue }
                list.append(Attribute(name: String(cString: key).lowercased(), value: String(cString: value)))
            }
            let element = append(
                Node(name: name.map { String(cString: $0).lowercased() } ?? "", text: "", attributes: list, children: [], parent: nil))
            open.append(element)
        }

        func text(_ text: UnsafePointer<CChar>?, _ length: Int) {
            guard let text, length > 0 else { return }
            let string = String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
            // Adjacent runs (text split around an element deeper than the limit) join into one.
            if let parent = open.last, let last = nodes[parent].children.last, !nodes[last].isElement {
                nodes[last].text += string
                return
            }
            _ = append(Node(name: nil, text: string, attributes: [], children: [], parent: nil))
        }

        func close() {
            if open.count > 1 { open.removeLast() }
        }

        private func append(_ node: Node) -> Int {
            var node = node
            let parent = open.last ?? HTMLDocument.document
            node.parent = parent
            nodes.append(node)
            let index = nodes.count - 1
            nodes[parent].children.append(index)
            return index
        }
    }
}
