import ShortcutsContent

extension ActionMetadata {
    /// The metadata with the service it needs noted, for `shortcuts actions`.
    package func needing(_ service: RequiredService) -> ActionMetadata {
        var metadata = self
        metadata.service = service
        return metadata
    }
}
