export function wrapTransport(transport, own) {
	const wrapped = {
		kind: transport.kind,
		get url() {
			return transport.url;
		},
		validate: transport.validate,
		validators: transport.validators,
		batching: transport.batching,
		request: own.request,
		batch: own.batch,
		close: own.close
	};
	if (transport.subscribe) wrapped.subscribe = transport.subscribe.bind(transport);
	return Object.defineProperties(Object.create(transport), Object.getOwnPropertyDescriptors(wrapped));
}
