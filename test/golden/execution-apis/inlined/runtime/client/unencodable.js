/**
* Why params cannot be encoded, as `encodeWire` reports it (errors/forms.ts turns it into an EncodeError):
* a value the codec refused, or params of the wrong shape for the method (`params` holds them).
*/
export class Unencodable {
	problem;
	params;
	constructor(problem, params) {
		this.problem = problem;
		this.params = params;
	}
}
