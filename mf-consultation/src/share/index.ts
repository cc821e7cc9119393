export { ShareWidget, shareLinks, type ShareWidgetProps } from './ShareWidget';
