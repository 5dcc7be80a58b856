/** Pools of the simulator's catalogue the browser tests open, and the workspace they share. */
export const UNI = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
export const PANCAKE = '0x36696169c63e42cd08ce11f5deebbcebae652050';
export const RAY = '58oQChx4yWmvKdwLLZzBi4ChoCc2fqCF8hQhbYWEbTtW';

/** The workspace with four charts: two pools at two intervals each, the same pool twice among them. */
export const FOUR = `/workspace?layout=4&c=evm:1:${UNI}:15m,evm:1:${UNI}:1h,svm:501:${RAY}:15m,evm:56:${PANCAKE}:1m`;
