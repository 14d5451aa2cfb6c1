import NIOCore

/// Splits the bytes of a daemon socket into messages: a 4-byte big-endian length, then the
/// message. A length over `maximumLength` closes the connection (no buffering it first).
struct FrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    let maximumLength: Int

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let length = buffer.getInteger(at: buffer.readerIndex, as: UInt32.self) else { return .needMoreData }
        guard Int(length) <= maximumLength else { throw FrameTooLarge() }
        guard buffer.readableBytes >= 4 + Int(length) else { return .needMoreData }
        buffer.moveReaderIndex(forwardBy: 4)
        guard let message = buffer.readSlice(length: Int(length)) else { return .needMoreData }
        context.fireChannelRead(wrapInboundOut(message))
        return .continue
    }

    struct FrameTooLarge: Error {}
}

/// Puts each outgoing message after its 4-byte big-endian length.
final class FrameEncoder: MessageToByteEncoder {
    typealias OutboundIn = ByteBuffer

    func encode(data: ByteBuffer, out: inout ByteBuffer) throws {
        out.writeInteger(UInt32(data.readableBytes))
        var data = data
        out.writeBuffer(&data)
    }
}
