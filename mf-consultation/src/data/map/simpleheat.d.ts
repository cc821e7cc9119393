/** simpleheat 0.4 (no types of its own): a heat map drawn on a canvas from [x, y, value] points. */
declare module 'simpleheat' {
  interface SimpleHeat {
    data(points: Array<[number, number, number]>): SimpleHeat;
    max(max: number): SimpleHeat;
    radius(radius: number, blur?: number): SimpleHeat;
    gradient(stops: Record<number, string>): SimpleHeat;
    resize(): void;
    draw(minOpacity?: number): SimpleHeat;
  }
  function simpleheat(canvas: HTMLCanvasElement): SimpleHeat;
  export default simpleheat;
}
