import Hummingbird

extension GateRequestContext {
    /// The path parameter `name`, percent-decoded (`Zo%C3%AB` is `Zoë`, `Anna%20Maria` is
    /// `Anna Maria`); a 400 problem when it is not valid percent-encoded UTF-8.
    func pathParameter(_ name: String) throws(Refusal) -> String {
        guard let raw = parameters.get(name) else {
            throw Refusal(.badRequest, "the path has no \(name)")
        }
        guard let decoded = raw.removingPercentEncoding else {
            throw Refusal(.badRequest, "the \(name) in the path is not valid percent-encoded UTF-8")
        }
        return decoded
    }
}
