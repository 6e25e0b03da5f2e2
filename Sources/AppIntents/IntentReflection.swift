/// Finds an intent's parameters the way swift-argument-parser finds options: by reflecting a
/// fresh instance and keeping the stored properties that are `@Parameter` wrappers.
enum IntentReflection {
    /// One parameter of an intent instance, named after its Swift property.
    struct Parameter {
        var name: String
        var parameter: any AnyIntentParameter
    }

    /// The intent's parameters in declaration order; each learns its name.
    static func parameters(of intent: any AppIntent) -> [Parameter] {
        Mirror(reflecting: intent).children.compactMap { child in
            guard let label = child.label, let parameter = child.value as? any AnyIntentParameter else { return nil }
            let name = ValueCoding.propertyName(label)
            parameter.name = name
            return Parameter(name: name, parameter: parameter)
        }
    }

    /// The name of the parameter a key path (`\.$title`) leads to, or nil: the key path gives a
    /// fresh intent's wrapper, and reflection names it.
    static func parameterName<Intent: AppIntent>(_ keyPath: PartialKeyPath<Intent>, in type: Intent.Type) -> String? {
        let intent = Intent()
        guard let wanted = intent[keyPath: keyPath] as? any AnyIntentParameter else { return nil }
        return parameters(of: intent).first { $0.parameter === wanted }?.name
    }
}
