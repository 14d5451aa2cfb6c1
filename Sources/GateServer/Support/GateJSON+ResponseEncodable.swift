import GateJSON
import Hummingbird
import ParentalGate

// The values handlers return, written by the context's `GateResponseEncoder`. GateJSON is
// the wire format for gatectl too, which does not link Hummingbird: the conformances live here.
extension Profile: ResponseEncodable {}
extension PolicyJSON: ResponseEncodable {}
extension QuestionSetJSON: ResponseEncodable {}
extension AuditReport: ResponseEncodable {}
extension ResultJSON: ResponseEncodable {}
extension StateJSON: ResponseEncodable {}
extension NotificationJSON: ResponseEncodable {}
extension ParentRequest: ResponseEncodable {}
extension SessionCheck: ResponseEncodable {}
