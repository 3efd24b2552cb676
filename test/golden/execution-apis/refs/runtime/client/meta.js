/** The result validator of a method: its meta's own, else the table's. */
export function resultValidatorOf(meta, table) {
	return meta.resultValidator ?? table?.results[`${meta.service} ${meta.name}`];
}
/** The notification validator of a subscription kind: its meta's own, else the table's. */
export function notificationValidatorOf(meta, table) {
	return meta.notificationValidator ?? table?.notifications[`${meta.subscribe} ${meta.kind}`];
}
