import Foundation
import ShortcutsContent
@_spi(Reflection) import Swift
import Synchronization

/// Where an entity type keeps its `@Property` values and how each becomes content, worked out
/// once per type, so turning an entity into content reads its fields directly instead of
/// reflecting over it (`Mirror`) every time: a list of 100 entities was most of a call's cost.
///
/// The fields come from the standard library's field reflection (`_forEachField`, the one
/// `Mirror` is built on), which gives each stored property's name, offset and type. A type it
/// can't describe (a class entity, say) has no layout, and ``ValueCoding/entityContent(_:)``
/// reflects over each instance as before.
struct EntityLayout: Sendable {
    /// One `@Property`: the name shortcuts read it by, its offset in the entity, and how its
    /// value becomes content.
    struct Field: Sendable {
        var name: String
        var offset: Int
        var content: @Sendable (UnsafeRawPointer) -> Content
    }

    let typeName: String
    let fields: [Field]
    /// The fields' names, in order.
    let names: [String]

    /// The layout of `Entity`, made on first use; nil when the type can't be laid out.
    static func of<Entity: AppEntity>(_ type: Entity.Type) -> EntityLayout? {
        let key = ObjectIdentifier(type)
        if let known = cache.withLock({ $0[key] }) { return known }
        let layout = make(type)
        cache.withLock { $0[key] = layout }
        return layout
    }

    private static let cache = Mutex<[ObjectIdentifier: EntityLayout?]>([:])

    private static func make<Entity: AppEntity>(_ type: Entity.Type) -> EntityLayout? {
        var fields: [Field] = []
        let described = _forEachField(of: type) { name, offset, fieldType, kind in
            if let property = fieldType as? any StoredEntityProperty.Type {
                fields.append(
                    Field(name: ValueCoding.propertyName(String(cString: name)), offset: offset, content: property.contentReader()))
            }
            return true
        }
        guard described, _isStruct(type) else { return nil }
        return EntityLayout(typeName: String(describing: type), fields: fields, names: fields.map(\.name))
    }

    private static func _isStruct(_ type: Any.Type) -> Bool {
        // A class entity's fields live behind a reference; only value layouts are read in place.
        !(type is AnyObject.Type)
    }

    /// The entity's properties as content, read through the layout.
    func properties<Entity: AppEntity>(of entity: Entity) -> ContentDictionary {
        withUnsafeBytes(of: entity) { bytes in
            guard let base = bytes.baseAddress else { return ContentDictionary() }
            // A type's stored properties have different names: no need to check each entity's.
            return ContentDictionary(uniqueKeys: names, values: fields.map { $0.content(base + $0.offset) })
        }
    }
}

/// The storage of an `@Property` (an ``EntityProperty`` reference), seen from its type.
protocol StoredEntityProperty {
    /// Reads the property stored at an address and gives its value as content.
    static func contentReader() -> @Sendable (UnsafeRawPointer) -> Content
}

extension EntityProperty: StoredEntityProperty {
    static func contentReader() -> @Sendable (UnsafeRawPointer) -> Content {
        // The usual value types get readers specialized for them: a generic reader looks the
        // metadata of `Value?` up on every read.
        if Value.self == String.self { return KnownPropertyReader.of(String.self) }
        if Value.self == Int.self { return KnownPropertyReader.of(Int.self) }
        if Value.self == Double.self { return KnownPropertyReader.of(Double.self) }
        if Value.self == Bool.self { return KnownPropertyReader.of(Bool.self) }
        if Value.self == Date.self { return KnownPropertyReader.of(Date.self) }
        if Value.self == URL.self { return KnownPropertyReader.of(URL.self) }
        let convert = ValueCoding.converter(for: Value.self)
        return { address in
            // Loaded as any object and cast without a check: naming `EntityProperty<Value>` here
            // would look its metadata up on every read.
            let property = unsafeDowncast(address.load(as: AnyObject.self), to: EntityProperty<Value>.self)
            return property.storedValue.map(convert) ?? .nothing
        }
    }
}

/// Readers of properties of the usual value types, outside `EntityProperty` so that each is
/// specialized for its type (inside it, they would stay generic over `Value`).
private enum KnownPropertyReader {
    static func of<Known: ContentConvertible & _IntentValue>(_ known: Known.Type) -> @Sendable (UnsafeRawPointer) -> Content {
        { address in
            let property = unsafeDowncast(address.load(as: AnyObject.self), to: EntityProperty<Known>.self)
            return property.storedValue?.content ?? .nothing
        }
    }
}

extension ValueCoding {
    /// How values of one type become content, chosen once for the type (the casts that
    /// ``content(of:)`` makes for every value are made here once): the module's own types and
    /// entities convert directly, optionals and arrays element by element, anything else through
    /// ``content(of:)``.
    static func converter<Value>(for type: Value.Type) -> @Sendable (Value) -> Content {
        if let known = type as? any ContentConvertible.Type { return knownConverter(known, for: type) }
        if let entity = type as? any AppEntity.Type { return entityConverter(entity, for: type) }
        if let optional = type as? any ConvertibleOptional.Type { return optional.converter(as: type) }
        if let array = type as? any ConvertibleArray.Type { return array.converter(as: type) }
        return { content(of: $0) }
    }

    // In each of these `Value` is the type given, checked by the cast that chose it; the bit
    // casts only tell the compiler so.

    private static func knownConverter<Known: ContentConvertible, Value>(_ known: Known.Type, for type: Value.Type)
        -> @Sendable (Value) -> Content
    {
        { value in unsafeBitCast(value, to: Known.self).content }
    }

    private static func entityConverter<Entity: AppEntity, Value>(_ entity: Entity.Type, for type: Value.Type)
        -> @Sendable (Value) -> Content
    {
        // The layout is found once for the type, not once per entity.
        let layout = EntityLayout.of(Entity.self)
        return { value in .entity(entityContent(unsafeBitCast(value, to: Entity.self), layout: layout)) }
    }
}

/// `Optional` and `Array` making the converter of their wrapped or element type.
protocol ConvertibleOptional {
    static func converter<Value>(as type: Value.Type) -> @Sendable (Value) -> Content
}

protocol ConvertibleArray {
    static func converter<Value>(as type: Value.Type) -> @Sendable (Value) -> Content
}

extension Optional: ConvertibleOptional {
    static func converter<Value>(as type: Value.Type) -> @Sendable (Value) -> Content {
        let wrapped = ValueCoding.converter(for: Wrapped.self)
        return { value in unsafeBitCast(value, to: Wrapped?.self).map(wrapped) ?? .nothing }
    }
}

extension Array: ConvertibleArray {
    static func converter<Value>(as type: Value.Type) -> @Sendable (Value) -> Content {
        let element = ValueCoding.converter(for: Element.self)
        return { value in .list(unsafeBitCast(value, to: [Element].self).map(element)) }
    }
}
