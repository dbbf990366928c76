/**
 * Marks a panel laid over the challenge canvas's top left (the Objectives panel), which the fitted flow must not sit
 * under. A module of its own: the panel renders before the canvas's lazy chunk (React Flow) has loaded.
 */
export const TOP_LEFT_OVERLAY = 'data-canvas-top-left';
