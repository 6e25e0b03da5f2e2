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

    /// An intent instance and the names of its parameters by the parameters' identity, for
    /// turning key paths into names.
    static func parameterNames<Intent: AppIntent>(of intent: Intent) -> (intent: Intent, byIdentity: [ObjectIdentifier: String]) {
        var names: [ObjectIdentifier: String] = [:]
        for found in parameters(of: intent) { names[ObjectIdentifier(found.parameter)] = found.name }
        return (intent, names)
    }

    /// The name of the parameter a key path leads to, or nil.
    static func parameterName<Intent: AppIntent>(_ keyPath: PartialKeyPath<Intent>, in type: Intent.Type) -> String? {
        let (intent, names) = parameterNames(of: Intent())
        guard let parameter = intent[keyPath: keyPath] as? any AnyIntentParameter else { return nil }
        return names[ObjectIdentifier(parameter)]
    }
}
