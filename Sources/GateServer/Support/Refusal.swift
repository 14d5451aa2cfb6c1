import Hummingbird

/// A request refused before it reached the gate, with the problem response to send.
struct Refusal: Error {
    let response: Response

    init(_ response: Response) {
        self.response = response
    }
}
