import ShortcutsContent
import ShortcutsEngine

extension RunContext {
    /// The endpoint for a model choice, once the run may send prompts there (an endpoint off this
    /// machine needs the person's grant, ``RunEnvironment/modelAccess``); a refusal names `parameter`.
    func modelEndpoint(for choice: ModelChoice?, parameter: String) throws -> ModelEndpoint {
        let endpoint = environment.models.endpoint(for: choice, variables: environment.variables)
        guard !endpoint.isLocal, let allow = environment.modelAccess else { return endpoint }
        do {
            try allow(endpoint)
        } catch var failure as ActionFailure {
            failure.parameter = failure.parameter ?? parameter
            throw failure
        }
        return endpoint
    }
}
